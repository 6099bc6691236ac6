import { DirectDebitInput } from '#shared/contracts/mandates/direct-debit-input.ts';
import { notYetSigned } from '#shared/contracts/mandates/mandate.ts';
import { MandateRevocationInput } from '#shared/contracts/mandates/mandate-revocation-schema.ts';
import { MandateList, MandateRecord, MandateWithTextRecord } from '#shared/contracts/mandates/mandate-schema.ts';
import { MandateSignatureInput } from '#shared/contracts/mandates/mandate-signature-schema.ts';
import { mandateText } from '#shared/contracts/mandates/mandate-text.ts';
import { type Component, component } from './components.ts';

// Das SEPA-Lastschriftmandat eines Vertrags (docs/sepa.md): eine eigene Erklärung neben dem Vertrag.

const ibanText =
  'IBAN des Kontos: aus einem SEPA-Land, mit der Länge und dem Aufbau seines Landes und gültigen Prüfziffern (MOD 97). Angenommen mit Leerzeichen und in Kleinbuchstaben, gespeichert ohne Leerzeichen in Großbuchstaben; sonst 400 mit `directDebit.iban`.';

/** Die Felder von `directDebit` in `POST /api/contracts`. */
export const directDebitField = {
  text: 'Zahlung per SEPA-Basislastschrift (optional, ohne Angabe null). Dann erhält der Vertrag ein Mandat (`mandate`, Status `pending`) mit eigener Mandatsreferenz und eigenem Hash, das getrennt vom Vertrag unterschrieben wird. Setzt die SEPA-Gläubigerdaten des Studios voraus (`sepa` in `PUT /api/studio`), sonst 422 `sepa-creditor-missing`. Ungültige Felder ergeben 400 mit dem Feld (`directDebit.iban`).',
  fields: {
    accountHolder:
      'Kontoinhaber, 1 bis 70 Zeichen, eine Zeile; darf vom Kontakt abweichen (etwa ein Elternteil, das für ein Kind zahlt).',
    iban: ibanText,
    bic: 'BIC der Bank, 8 oder 11 Zeichen, gespeichert in Großbuchstaben; ohne Angabe null (in der Lastschriftdatei dann `NOTPROVIDED`).',
  },
} as const;

const mandateFields = {
  reference:
    'Mandatsreferenz: die Vertragsnummer und die laufende Nummer des Mandats im Vertrag (`2026-000001-1`; ein Ersatzmandat zählt weiter), höchstens 35 Zeichen aus dem SEPA-Zeichensatz. Beim Gläubiger eindeutig.',
  status:
    '`pending` bis zur Unterschrift, dann `active`; `revoked` (widerrufen oder durch eine Rücklastschrift beendet), `replaced` (durch ein neueres Mandat desselben Vertrags) oder `expired` (36 Monate ohne Einzug, beim Lesen berechnet).',
  accountHolder: 'Kontoinhaber, wie angegeben.',
  iban: 'IBAN des Kontos, ohne Leerzeichen in Großbuchstaben.',
  bic: 'BIC der Bank, oder null.',
  creditor: {
    text: 'Der Gläubiger, wie das Studio bei der Erstellung des Mandats hieß: Eine spätere Änderung des Studioprofils ändert das Mandat nicht.',
    fields: {
      name: 'Name des Gläubigers: der `legalName` des Studios.',
      creditorId: 'Gläubiger-Identifikationsnummer des Studios.',
    },
  },
  mandateHash:
    '`sha256:` und der hexadezimale SHA-256 des kanonischen JSON (RFC 8785) von `{ contractId, reference, creditor, accountHolder, iban, bic, scheme: "CORE", type: "RCUR" }`: was der Kontoinhaber unterschreibt.',
  signature: {
    text: 'Die Unterschrift unter dem Mandat mit ihren Nachweisen und dem Siegel über `{ contractId, mandateHash, signerName, signedAt, ipAddress, userAgent, imageSha256 }`; null, solange das Mandat nicht unterschrieben ist.',
    fields: {
      signerName: 'Name der unterschreibenden Person.',
      signedAt: 'Zeitpunkt der Unterschrift (RFC 3339, UTC).',
      ipAddress: 'IP-Adresse, von der aus unterschrieben wurde.',
      userAgent: 'User-Agent des Geräts.',
      imageSha256: 'Hexadezimaler SHA-256 des Unterschriftsbilds.',
      seal: {
        text: 'Siegel des Servers.',
        fields: {
          algorithm: 'Signaturverfahren.',
          keyId: 'Kennung des Siegelschlüssels.',
          value: 'Die Signatur, Base64-kodiert.',
        },
      },
    },
  },
  signedAt:
    'Zeitpunkt der Unterschrift (RFC 3339, UTC), oder null; das Unterschriftsdatum der Lastschriften (`DtOfSgntr`).',
  revokedAt: 'Wann der Widerruf erfasst wurde (RFC 3339, UTC), oder null.',
  revokedOn: 'Tag, an dem der Widerruf beim Studio einging (`YYYY-MM-DD`, Zeitzone des Studios), oder null.',
  revocationReason: 'Grund des Widerrufs, oder null.',
  lastCollectedOn: 'Tag des letzten Einzugs (`YYYY-MM-DD`), oder null vor dem ersten.',
} as const;

export const beispielMandat = {
  reference: '2026-000001-1',
  status: 'pending' as const,
  accountHolder: 'Erika Mustermann',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  creditor: { name: 'Studio Mitte GmbH', creditorId: 'DE98ZZZ09999999999' },
  mandateHash: 'sha256:4b1f0c2a9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a',
  ...notYetSigned,
};

export const Mandate = component(MandateRecord, 'Mandate', mandateFields, {
  text: 'Ein SEPA-Lastschriftmandat (Basislastschrift, wiederkehrend): eine eigene Erklärung neben dem Vertrag, mit eigenem Hash und eigener Unterschrift. Es deckt nicht den Dokument-Hash des Vertrags.',
  examples: [beispielMandat],
});

const MandateWithText = component(
  MandateWithTextRecord,
  'MandateWithText',
  {
    ...mandateFields,
    text: 'Der Mandatstext im deutschen Standardwortlaut mit Gläubiger, Gläubiger-Identifikationsnummer und Mandatsreferenz: derselbe Text auf der Unterschriftsseite, in der PDF-Kopie und hier.',
  },
  {
    text: 'Das aktuelle Mandat eines Vertrags mit dem Text, den der Kontoinhaber unterschreibt.',
    examples: [{ ...beispielMandat, text: mandateText(beispielMandat) }],
  },
);

export const mandateComponents = {
  MandateRevocationInput: component(
    MandateRevocationInput,
    'MandateRevocationInput',
    {
      reason: 'Grund des Widerrufs, 1 bis 2000 Zeichen.',
      revokedOn:
        'Tag, an dem der Widerruf beim Studio einging (`YYYY-MM-DD`); ohne Angabe heute in der Zeitzone des Studios, nicht in der Zukunft (sonst 400).',
    },
    {
      text: 'Der Widerruf eines SEPA-Mandats durch den Kontoinhaber.',
      examples: [
        { reason: 'Widerruf per Brief des Kontoinhabers' },
        { reason: 'Kontowechsel', revokedOn: '2027-03-02' },
      ],
    },
  ),
  NewMandateInput: component(
    DirectDebitInput,
    'NewMandateInput',
    {
      accountHolder: directDebitField.fields.accountHolder,
      iban: 'IBAN des neuen Kontos: aus einem SEPA-Land, mit der Länge und dem Aufbau seines Landes und gültigen Prüfziffern (MOD 97). Angenommen mit Leerzeichen und in Kleinbuchstaben, gespeichert ohne Leerzeichen in Großbuchstaben; sonst 400 mit `iban`.',
      bic: directDebitField.fields.bic,
    },
    {
      text: 'Das neue Konto eines Ersatzmandats.',
      examples: [{ accountHolder: 'Erika Mustermann', iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001' }],
    },
  ),
  MandateSignatureInput: component(
    MandateSignatureInput,
    'MandateSignatureInput',
    {
      signerName: 'Name der unterschreibenden Person (des Kontoinhabers), 1 bis 200 Zeichen.',
      mandateHash:
        'Der `mandateHash` des Mandats, das angezeigt wurde (`GET /api/contracts/{id}/mandate`): Weicht er ab, ergibt das 409.',
      signatureImage:
        'Das Unterschriftsbild als Data-URL, nach denselben Regeln wie beim Vertrag: PNG (`data:image/png;base64,…`) oder SVG (`data:image/svg+xml;base64,…`), höchstens 100 KB, als Bild geprüft (PNG bis zu jeder Prüfsumme, SVG gegen eine Liste erlaubter Zeichenelemente); sonst 400 mit `signatureImage`.',
      consent: 'Muss `true` sein: Der Kontoinhaber stimmt dem Mandat zu.',
    },
    {
      text: 'Die Unterschrift des Kontoinhabers unter dem SEPA-Mandat.',
      examples: [
        {
          signerName: 'Erika Mustermann',
          mandateHash: beispielMandat.mandateHash,
          signatureImage:
            'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
          consent: true,
        },
      ],
    },
  ),
  Mandate,
  MandateWithText,
  MandateList: component(
    MandateList,
    'MandateList',
    { items: { text: 'Die Mandate des Vertrags, ältestes zuerst.', ref: Mandate.documented } },
    { text: 'Alle Mandate eines Vertrags, ältestes zuerst.', examples: [{ items: [beispielMandat] }] },
  ),
} satisfies Record<string, Component>;
