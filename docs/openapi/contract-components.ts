import * as v from 'valibot';
import { ContractInput } from '#shared/contracts/create-input.ts';
import { ContractCopyRecord, CopyInput } from '#shared/contracts/document/copy-schema.ts';
import {
  ContractList,
  ContractRecord,
  ContractWithSignaturesRecord,
  TerminationPreviewRecord,
} from '#shared/contracts/schema.ts';
import { SignatureInput, SignatureRecord, VerificationRecord } from '#shared/contracts/signature-schema.ts';
import { CancellationInput, TerminationInput } from '#shared/contracts/termination/termination-schema.ts';
import { WithdrawalInput } from '#shared/contracts/withdrawal/withdrawal-schema.ts';
import { maxSignatureImageBytes } from '#shared/signatures/parse-signature-image.ts';
import { amendmentComponents } from './amendment-components.ts';
import { type Component, component } from './components.ts';
import {
  gekuendigterVertrag,
  gespeicherterVertrag,
  hash,
  kundeId,
  neuerVertrag,
  png,
  unterschrift,
  vorschau,
  widerrufenerVertrag,
} from './contract-examples.ts';
import { betrag, datum, frist, hashErklaerung, kopiefelder, vereinbart, vertragsfelder } from './contract-fields.ts';
import { dueComponents } from './due-components.ts';
import { beispielMandat, directDebitField, Mandate, mandateComponents } from './mandate-components.ts';
import { pageDocs } from './shared-docs.ts';

// The handler decodes the image (shared/signatures/parse-signature-image.ts); JSON Schema can state the data URL's
// syntax and, from the largest image, its length: canonical base64 of at most `maxSignatureImageBytes`.
const longestPrefix = 'data:image/svg+xml;base64,'.length;
export const signatureImageDataUrl = v.pipe(
  v.string(),
  v.maxLength(longestPrefix + Math.ceil(maxSignatureImageBytes / 3) * 4),
  v.regex(
    /^data:image\/(?:png|svg\+xml);base64,(?=[A-Za-z0-9+/])(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  ),
);

const Signature = component(
  SignatureRecord,
  'Signature',
  {
    id: 'ID der Unterschrift, eine ULID.',
    role: 'Wer unterschreibt: `customer` (der Kunde) oder `studio`. Je Rolle gibt es höchstens eine Unterschrift.',
    signerName: 'Name der unterschreibenden Person, wie angegeben.',
    documentHash: 'Der Dokument-Hash, den die Person gesehen und unterschrieben hat.',
    signedAt: 'Zeitpunkt der Unterschrift, vom Server gesetzt (RFC 3339, UTC).',
    ipAddress: 'IP-Adresse, von der aus unterschrieben wurde.',
    userAgent: 'User-Agent des Geräts, auf dem unterschrieben wurde.',
    imageSha256:
      'Hexadezimaler SHA-256 des Unterschriftsbilds. Das Bild wird gespeichert, aber nicht ausgeliefert; die Prüfung vergleicht es mit diesem Hash.',
    seal: {
      text: 'Siegel des Servers: eine asymmetrische Signatur über das kanonische JSON von `{contractId, documentHash, role, signerName, signedAt, ipAddress, userAgent, imageSha256}`. Ein gültiges Siegel beweist, dass weder der Vertrag noch die Angaben der Unterschrift noch das Bild seit der Unterschrift verändert wurden und dass dieser Dienst den Eintrag erzeugt hat (der private Schlüssel verlässt KMS nie). Es beweist nicht, wer den Stift hielt: Die Identität prüft das Studio selbst (z. B. per Ausweis). Im Sinne von eIDAS ist das eine einfache elektronische Signatur.',
      fields: {
        algorithm: 'Signaturverfahren: `ECDSA_SHA_256` (KMS-Schlüssel P-256) in AWS, `Ed25519` lokal.',
        keyId: 'Kennung des Siegelschlüssels.',
        value: 'Die Signatur, Base64-kodiert.',
      },
    },
  },
  { text: 'Eine Unterschrift unter einem Vertrag, mit Siegel.', examples: [unterschrift] },
);

const versand = {
  id: '01JD5B0C3D6E9F2G5H8J1K4M7N',
  to: 'erika@example.com',
  sentAt: '2026-11-22T10:31:00.000Z',
  messageId: '0107019a1b2c3d4e-5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c-000000',
};

const ContractCopy = component(ContractCopyRecord, 'ContractCopy', kopiefelder, {
  text: 'Ein Versand der Kopie des Kunden (das versiegelte PDF) per E-Mail.',
  examples: [versand],
});

const Contract = component(
  ContractWithSignaturesRecord,
  'Contract',
  {
    ...vertragsfelder,
    signatures: { text: 'Die Unterschriften, höchstens eine je Rolle.', ref: Signature.documented },
    copies: { text: 'Jeder Versand der Kopie per E-Mail, ältester zuerst.', ref: ContractCopy.documented },
    mandate: {
      text: 'Das aktuelle SEPA-Lastschriftmandat (das neueste), oder null ohne Lastschrift. Eine eigene Erklärung, nicht vom Dokument-Hash gedeckt; alle Mandate: `GET /api/contracts/{id}/mandates`.',
      ref: Mandate.documented,
    },
  },
  {
    text: 'Ein Vertrag mit seinen Unterschriften. Der Inhalt ändert sich nach der Erstellung nie; es gibt weder PUT noch DELETE.',
    examples: [
      { ...gespeicherterVertrag, signatures: [unterschrift], copies: [versand], mandate: beispielMandat },
      { ...gekuendigterVertrag, signatures: [unterschrift], copies: [], mandate: null },
      { ...widerrufenerVertrag, signatures: [unterschrift], copies: [], mandate: null },
    ],
  },
);

const ContractSummary = component(ContractRecord, 'ContractSummary', vertragsfelder, {
  text: 'Ein Vertrag, wie Listen ihn zeigen: ohne Unterschriften.',
  examples: [gespeicherterVertrag],
});

export const contractComponents = {
  ...amendmentComponents,
  ...mandateComponents,
  ...dueComponents,
  ContractCopy,
  CopyInput: component(
    CopyInput,
    'CopyInput',
    { to: 'Empfänger; ohne Angabe die E-Mail-Adresse des Kontakts, wie der Vertrag sie kopiert hat. Ohne beides 422.' },
    { text: 'Wohin die Kopie gehen soll.', examples: [{}, { to: 'erika@example.com' }] },
  ),
  ContractInput: component(
    ContractInput,
    'ContractInput',
    {
      ...vereinbart,
      items: {
        text: 'Die Positionen, 1 bis 50. Alle Leistungen müssen dieselbe Währung haben (sonst 422).',
        fields: {
          serviceId: 'ID der Leistung. Eine unbekannte oder inaktive Leistung ergibt 422.',
          quantity: 'Menge, 1 bis 1000. Ohne Angabe 1.',
          priceSteps: {
            text: 'Preisstufen, mit dem Vertrag vereinbart, 0 bis 10, aufsteigend: Jedes `from` liegt nach `startDate` und ist der erste Tag eines Abrechnungszeitraums der Position (vom Vertragsbeginn an gezählt wie die Beiträge); sonst 400, die Meldung nennt den nächsten solchen Tag. Eine einmalige Leistung hat keine Preisstufen. Der Preis muss die Währung der Leistung haben (sonst 422).',
            fields: {
              from: 'Erster Tag des Abrechnungszeitraums, ab dem der Preis gilt (`YYYY-MM-DD`).',
              unitPrice: { text: 'Einzelpreis ab diesem Tag.', fields: betrag },
            },
          },
        },
      },
      directDebit: directDebitField,
    },
    {
      text: 'Ein neuer Vertrag. Kontakt und Leistungen werden jetzt kopiert; unbekannte Felder ergeben 400.',
      examples: [
        neuerVertrag,
        {
          ...neuerVertrag,
          directDebit: { accountHolder: 'Max Mustermann', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
        },
        { contactId: kundeId, items: [{ serviceId: '01JD4Z7B2C5D8E1F4G7H0J3K6M' }], startDate: '2027-01-01' },
      ],
    },
  ),
  Contract,
  ContractSummary,
  ContractList: component(ContractList, 'ContractList', pageDocs('de', ContractSummary), {
    text: 'Eine Seite Verträge, neueste zuerst.',
    examples: [{ items: [gespeicherterVertrag], nextCursor: null }],
  }),
  SignatureInput: component(
    SignatureInput,
    'SignatureInput',
    {
      role: 'Wer unterschreibt: `customer` (der Kunde) oder `studio`. Eine zweite Unterschrift derselben Rolle ergibt 409.',
      signerName:
        'Name der unterschreibenden Person, 1 bis 200 Zeichen; ohne Steuerzeichen für die Schreibrichtung (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F) und ohne unsichtbare Leerzeichen (U+200B, U+2060, U+FEFF).',
      documentHash:
        'Der Dokument-Hash des Vertrags, wie er der Person angezeigt wurde. Weicht er vom Vertrag ab, ergibt das 409: Unterschrieben wird nur, was gesehen wurde.',
      signatureImage: {
        text: 'Das Bild vom Unterschriftenfeld als Data-URL: `data:image/png;base64,…` oder `data:image/svg+xml;base64,…`, dekodiert höchstens 100 KiB. SVG ohne Skripte und Event-Handler.',
        checkedByHandler: signatureImageDataUrl,
      },
      consent: 'Die Zustimmung zum elektronischen Unterschreiben; muss `true` sein.',
    },
    {
      text: 'Eine Unterschrift. Der Server ergänzt Zeitpunkt, IP-Adresse, User-Agent, den Hash des Bilds und das Siegel.',
      examples: [
        { role: 'customer', signerName: 'Erika Mustermann', documentHash: hash, signatureImage: png, consent: true },
      ],
    },
  ),
  Signature,
  CancellationInput: component(
    CancellationInput,
    'CancellationInput',
    { reason: 'Grund der Stornierung, 1 bis 2000 Zeichen.' },
    {
      text: 'Eine Stornierung: Ein noch nicht unterschriebenes Angebot wird zurückgezogen.',
      examples: [{ reason: 'Kunde hat sich gegen die Mitgliedschaft entschieden' }],
    },
  ),
  TerminationInput: component(
    TerminationInput,
    'TerminationInput',
    {
      kind: '`ordinary` (ohne Angabe): ordentliche Kündigung mit der vereinbarten Frist. `extraordinary`: außerordentliche Kündigung aus wichtigem Grund ohne Frist (§ 314 BGB); dann sind `reason` und `endsOn` Pflicht.',
      receivedOn: `${datum('Eingang der Kündigung beim Studio')}. Ohne Angabe heute. Nicht in der Zukunft und nicht vor dem Tag, an dem der Vertrag \`signed\` wurde (sonst 400).`,
      endsOn: `${datum('Letzter Vertragstag')}. Ordentlich: ohne Angabe das frühestmögliche Ende; ein späteres ist erlaubt, ein früheres ergibt 400 mit dem frühesten Tag. Außerordentlich: Pflicht, nicht vor \`receivedOn\`.`,
      reason: 'Grund, höchstens 2000 Zeichen; Pflicht bei `extraordinary`, sonst null ohne Angabe.',
    },
    {
      text: 'Eine Kündigung, wie sie am Tresen abgegeben wird.',
      examples: [
        {},
        { receivedOn: '2026-12-20', endsOn: '2027-03-31', reason: 'Umzug' },
        {
          kind: 'extraordinary',
          receivedOn: '2027-03-02',
          endsOn: '2027-03-02',
          reason: 'Dauerhafte Sportunfähigkeit (ärztliches Attest)',
        },
      ],
    },
  ),
  WithdrawalInput: component(
    WithdrawalInput,
    'WithdrawalInput',
    {
      receivedOn: `${datum('Eingang des Widerrufs beim Studio')}. Ohne Angabe heute. Nicht in der Zukunft und nicht vor dem Tag, an dem der Vertrag \`signed\` wurde (sonst 400); nach \`withdrawal.periodEndsOn\` 409.`,
    },
    {
      text: 'Ein Widerruf, den der Kunde per Brief oder E-Mail erklärt hat.',
      examples: [{}, { receivedOn: '2026-11-30' }],
    },
  ),
  TerminationPreview: component(
    TerminationPreviewRecord,
    'TerminationPreview',
    {
      receivedOn: datum('Angenommener Eingang der Kündigung'),
      minimumTermEndsOn: datum('Letzter Tag der Mindestlaufzeit, oder null ohne Mindestlaufzeit'),
      noticePeriod: { text: 'Die vereinbarte Kündigungsfrist.', fields: frist },
      earliestEndOn: datum('Frühestes Vertragsende für eine an `receivedOn` eingehende Kündigung'),
    },
    {
      text: 'Was der Tresen einer Kundin sagt, die fragt: „Wenn ich an diesem Tag kündige, wann bin ich frei?“',
      examples: [vorschau],
    },
  ),
  Verification: component(
    VerificationRecord,
    'Verification',
    {
      valid:
        'Ob der gespeicherte Vertrag unverändert ist: Der neu berechnete Hash stimmt, und jedes Siegel und jedes Bild ist gültig.',
      documentHash: 'Der beim Erstellen gespeicherte Dokument-Hash.',
      recomputedHash: `Der jetzt aus dem gespeicherten Inhalt neu berechnete Hash. ${hashErklaerung}`,
      signatures: {
        text: 'Das Ergebnis je Unterschrift.',
        fields: {
          id: 'ID der Unterschrift.',
          role: '`customer` oder `studio`.',
          sealValid: 'Ob das Siegel über die gespeicherten Angaben gültig ist und den aktuellen Dokument-Hash trägt.',
          imageValid: 'Ob das gespeicherte Bild noch den Hash hat, den das Siegel abdeckt.',
        },
      },
    },
    {
      text: 'Prüfergebnis: `valid` ist false, sobald ein Byte, das Hash oder Siegel abdecken, an der API vorbei geändert wurde.',
      examples: [
        {
          valid: true,
          documentHash: hash,
          recomputedHash: hash,
          signatures: [{ id: unterschrift.id, role: 'customer', sealValid: true, imageValid: true }],
        },
      ],
    },
  ),
} satisfies Record<string, Component>;
