import * as v from 'valibot';
import {
  CancellationInput,
  ContractInput,
  ContractList,
  ContractRecord,
  ContractWithSignaturesRecord,
  SignatureInput,
  SignatureRecord,
  VerificationRecord,
} from '#shared/contracts/schema.ts';
import { maxSignatureImageBytes } from '#shared/contracts/signature-image.ts';
import { type Component, component } from './components.ts';
import { gespeicherterVertrag, hash, kundeId, neuerVertrag, png, unterschrift } from './contract-examples.ts';
import type { FieldDocs } from './describe.ts';
import { pageDocs } from './shared-docs.ts';

// The handler decodes the image (shared/contracts/signature-image.ts); JSON Schema can state the data URL's
// syntax and, from the largest image, its length: canonical base64 of at most `maxSignatureImageBytes`.
const longestPrefix = 'data:image/svg+xml;base64,'.length;
const signatureImageDataUrl = v.pipe(
  v.string(),
  v.maxLength(longestPrefix + Math.ceil(maxSignatureImageBytes / 3) * 4),
  v.regex(
    /^data:image\/(?:png|svg\+xml);base64,(?=[A-Za-z0-9+/])(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  ),
);

// Vertragsbereich: deutsch dokumentiert (API.md §4); Feldnamen und Enum-Werte bleiben englisch.

const betrag: FieldDocs = {
  amount: 'Betrag in kleinster Währungseinheit (Cent bei EUR), ganze Zahl.',
  currency: 'Währung nach ISO 4217.',
};

const anschrift: FieldDocs = {
  street: 'Straße und Hausnummer.',
  postalCode: 'Postleitzahl.',
  city: 'Ort.',
  country: 'Land nach ISO 3166-1 Alpha-2.',
};

const hashErklaerung =
  'Dokument-Hash: `sha256:` und der hexadezimale SHA-256 des kanonischen JSON (RFC 8785: sortierte Schlüssel, kein Leerraum) des unveränderlichen Vertragsinhalts: `id`, `number`, `contactId`, `contact`, `items`, `totals`, `startDate`, `endDate`, `minimumTermMonths`, `noticePeriodDays`, `terms`, `requireStudioSignature`, `createdAt`. Ändert sich ein Byte davon, ändert sich der Hash.';

const vereinbart = {
  contactId: 'ID des Kontakts, mit dem der Vertrag geschlossen wird. Ein unbekannter Kontakt ergibt 422.',
  startDate: 'Vertragsbeginn (`YYYY-MM-DD`), ein echtes Kalenderdatum.',
  endDate: 'Vertragsende (`YYYY-MM-DD`), nicht vor dem Beginn (sonst 400); null bei unbefristeten Verträgen.',
  minimumTermMonths:
    'Mindestlaufzeit in Monaten, 0 bis 24: Ein Verbrauchervertrag über regelmäßige Leistungen darf den Kunden anfangs höchstens zwei Jahre binden (§ 309 Nr. 9 BGB, Buchstabe a). Ohne Angabe null.',
  noticePeriodDays:
    'Kündigungsfrist in Tagen, 0 bis 31: Sie darf höchstens einen Monat betragen (§ 309 Nr. 9 BGB, Buchstabe c). Ohne Angabe null.',
  terms: 'Vertragsbedingungen als Text, höchstens 20 000 Zeichen. Ohne Angabe null.',
  requireStudioSignature:
    'Ob auch das Studio unterschreiben muss, bevor der Vertrag als unterschrieben gilt. Ohne Angabe `false`.',
} as const;

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

const geld = (text: string) => ({ text, fields: betrag });

const vertragsfelder = {
  ...vereinbart,
  id: 'ID des Vertrags, eine vom Server vergebene ULID.',
  number:
    'Lesbare Vertragsnummer aus Jahr und laufender Nummer (`2026-000001`): je Kalenderjahr (UTC) lückenlos, atomar mit dem Vertrag vergeben.',
  contact: {
    text: 'Kopie des Kontakts bei Vertragserstellung; spätere Änderungen am Kontakt ändern den Vertrag nicht.',
    fields: {
      firstName: 'Vorname.',
      lastName: 'Nachname.',
      email: 'E-Mail-Adresse oder null.',
      address: { text: 'Anschrift oder null.', fields: anschrift },
    },
  },
  items: {
    text: 'Die Positionen, kopiert aus den Leistungen bei Vertragserstellung: Spätere Preisänderungen ändern den Vertrag nicht.',
    fields: {
      serviceId: 'ID der Leistung.',
      name: 'Name der Leistung bei Vertragserstellung.',
      unitPrice: geld('Einzelpreis bei Vertragserstellung.'),
      billingInterval: 'Abrechnungsintervall: `once`, `week`, `month`, `quarter` oder `year`.',
      quantity: 'Menge.',
      total: geld('Einzelpreis mal Menge.'),
    },
  },
  totals: {
    text: 'Summe der Positionen je Abrechnungsintervall; nur Intervalle, die vorkommen. Alle Positionen haben dieselbe Währung.',
    fields: {
      once: geld('Einmalig.'),
      week: geld('Je Woche.'),
      month: geld('Je Monat.'),
      quarter: geld('Je Quartal.'),
      year: geld('Je Jahr.'),
    },
  },
  contactId: 'ID des Kontakts.',
  createdAt: 'Zeitpunkt der Erstellung (RFC 3339, UTC, Millisekunden); Teil des Dokument-Hashs.',
  status:
    'Zustand: `pending` (wartet auf Unterschriften) → `signed` (der Kunde hat unterschrieben, und das Studio, falls `requireStudioSignature`) → `cancelled` (gekündigt, aus `pending` oder `signed`).',
  documentHash: `${hashErklaerung} Wer unterschreibt, sendet ihn mit: Unterschrieben wird genau, was angezeigt wurde.`,
  createdBy: '`sub` des Benutzers, der den Vertrag angelegt hat.',
  cancelledAt: 'Zeitpunkt der Kündigung, sonst null.',
  cancellationReason: 'Kündigungsgrund, sonst null.',
  cancelledBy: '`sub` des Benutzers, der gekündigt hat, sonst null.',
  updatedAt: 'Zeitpunkt der letzten Änderung (Unterschrift oder Kündigung).',
  version: '1 bei Erstellung, +1 bei jeder Unterschrift und bei der Kündigung; das `ETag` des Vertrags.',
} as const;

const Contract = component(
  ContractWithSignaturesRecord,
  'Contract',
  {
    ...vertragsfelder,
    signatures: { text: 'Die Unterschriften, höchstens eine je Rolle.', ref: Signature.documented },
  },
  {
    text: 'Ein Vertrag mit seinen Unterschriften. Der Inhalt ändert sich nach der Erstellung nie; es gibt weder PUT noch DELETE.',
    examples: [{ ...gespeicherterVertrag, signatures: [unterschrift] }],
  },
);

const ContractSummary = component(ContractRecord, 'ContractSummary', vertragsfelder, {
  text: 'Ein Vertrag, wie Listen ihn zeigen: ohne Unterschriften.',
  examples: [gespeicherterVertrag],
});

export const contractComponents = {
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
        },
      },
    },
    {
      text: 'Ein neuer Vertrag. Kontakt und Leistungen werden jetzt kopiert; unbekannte Felder ergeben 400.',
      examples: [
        neuerVertrag,
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
      signerName: 'Name der unterschreibenden Person, 1 bis 200 Zeichen.',
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
    { reason: 'Kündigungsgrund, 1 bis 2000 Zeichen.' },
    { text: 'Eine Kündigung.', examples: [{ reason: 'Umzug' }] },
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
