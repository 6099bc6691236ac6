import * as v from 'valibot';
import { ContractCopyRecord, CopyInput } from '#shared/contracts/copy-schema.ts';
import {
  ContractInput,
  ContractList,
  ContractRecord,
  ContractWithSignaturesRecord,
  TerminationPreviewRecord,
} from '#shared/contracts/schema.ts';
import { SignatureInput, SignatureRecord, VerificationRecord } from '#shared/contracts/signature-schema.ts';
import { CancellationInput, TerminationInput } from '#shared/contracts/termination-schema.ts';
import { maxSignatureImageBytes } from '#shared/signatures/parse-signature-image.ts';
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
} from './contract-examples.ts';
import type { FieldDocs } from './describe.ts';
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

// Vertragsbereich: deutsch dokumentiert (docs/decisions.md); Feldnamen und Enum-Werte bleiben englisch.

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
  'Dokument-Hash: `sha256:` und der hexadezimale SHA-256 des kanonischen JSON (RFC 8785: sortierte Schlüssel, kein Leerraum) des unveränderlichen Vertragsinhalts: `id`, `number`, `studio`, `contactId`, `contact`, `items`, `totals`, `startDate`, `minimumTermMonths`, `renewal`, `noticePeriod`, `terms`, `requireStudioSignature`, `createdAt`. Ändert sich ein Byte davon, ändert sich der Hash. Zustand, Unterschriften, Kündigung und die berechneten Daten gehören nicht dazu.';

const frist: FieldDocs = {
  value:
    'Länge der Frist, eine ganze Zahl ≥ 0: höchstens 28 bei `day`, 4 bei `week`, 1 bei `month`. So ist die Frist an jedem Kalendertag höchstens einen Monat lang (§ 309 Nr. 9 Buchst. c BGB); „31 Tage“ wären es vor dem 15. Mai nicht mehr.',
  unit: 'Einheit: `day` (Tage), `week` (Wochen) oder `month` (Monate).',
};

const datum = (text: string) => `${text} (\`YYYY-MM-DD\`, ein Kalendertag in der Zeitzone des Studios)`;

const vereinbart = {
  contactId: 'ID des Kontakts, mit dem der Vertrag geschlossen wird. Ein unbekannter Kontakt ergibt 422.',
  startDate:
    'Vertragsbeginn (`YYYY-MM-DD`), ein echtes Kalenderdatum, spätestens 9997-12-31. Der Beginntag zählt zur Mindestlaufzeit (§ 187 Abs. 2 BGB).',
  minimumTermMonths:
    'Mindestlaufzeit in Monaten, 0 bis 24: Ein Verbrauchervertrag über regelmäßige Leistungen darf den Kunden anfangs höchstens zwei Jahre binden (§ 309 Nr. 9 Buchst. a BGB). Ohne Angabe 0 (keine Mindestlaufzeit). Ein freies Vertragsende gibt es nicht: Es könnte weiter als 24 Monate binden.',
  renewal:
    '`indefinite` (ohne Angabe): Nach der Mindestlaufzeit läuft der Vertrag auf unbestimmte Zeit weiter und kann jederzeit mit der Kündigungsfrist enden (§ 309 Nr. 9 Buchst. b BGB). `none`: Der Vertrag endet von selbst mit der Mindestlaufzeit; dafür ist `minimumTermMonths` ≥ 1 nötig (sonst 400).',
  noticePeriod: {
    text: 'Kündigungsfrist; ohne Angabe `{ "value": 1, "unit": "month" }`. Der Tag des Eingangs der Kündigung zählt nicht mit (§ 187 Abs. 1 BGB).',
    fields: frist,
  },
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

export const vertragsfelder = {
  ...vereinbart,
  id: 'ID des Vertrags, eine vom Server vergebene ULID.',
  number:
    'Lesbare Vertragsnummer aus Jahr und laufender Nummer (`2026-000001`): je Kalenderjahr in der Zeitzone des Studios lückenlos, atomar mit dem Vertrag vergeben. Ein Vertrag von 00:30 Uhr Berliner Zeit am 1. Januar gehört zum neuen Jahr.',
  studio: {
    text: 'Kopie des Studioprofils bei Vertragserstellung (ohne dessen Serverfelder): das Studio als Vertragspartei. Spätere Änderungen am Profil ändern den Vertrag nicht; alle Daten des Vertrags gelten in der Zeitzone dieser Kopie.',
    fields: {
      legalName: 'Firma des Studios.',
      address: { text: 'Anschrift des Studios.', fields: anschrift },
      email: 'E-Mail-Adresse des Studios.',
      phone: 'Telefonnummer oder null.',
      website: 'Website (https) oder null.',
      vatId: 'Umsatzsteuer-Identifikationsnummer oder null.',
      registerEntry: 'Registereintrag (etwa „Amtsgericht Berlin HRB 12345“) oder null.',
      representedBy: 'Vertretungsberechtigte Person oder null.',
      timeZone: 'IANA-Zeitzone des Studios, etwa `Europe/Berlin`: In ihr gilt „heute“ für alle Daten dieses Vertrags.',
    },
  },
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
    'Zustand: `pending` (wartet auf Unterschriften) → `signed` (der Kunde hat unterschrieben, und das Studio, falls `requireStudioSignature`). Ein `pending`-Angebot kann storniert werden (`cancelled`); ein `signed`-Vertrag wird gekündigt (`terminated`: Die Kündigung ist eingegangen, der Vertrag läuft bis `endsOn`), und die Rücknahme der Kündigung macht ihn wieder `signed`. Der Zustand ändert sich nie von selbst: Ist `endsOn` vorüber, ist der Vertrag beendet, auch wenn er noch `signed` oder `terminated` heißt.',
  termination: {
    text: 'Die Kündigung, solange sie besteht; sonst null (auch nach ihrer Rücknahme).',
    fields: {
      kind: '`ordinary` (ordentlich, mit Frist) oder `extraordinary` (außerordentlich aus wichtigem Grund, § 314 BGB).',
      receivedOn: datum('Tag, an dem die Kündigung beim Studio einging'),
      endsOn: datum('Letzter Vertragstag: zu diesem Tag wirkt die Kündigung'),
      reason: 'Grund der Kündigung, oder null.',
      recordedAt: 'Zeitpunkt der Erfassung (RFC 3339, UTC).',
      recordedBy: '`sub` des Benutzers, der die Kündigung erfasst hat.',
    },
  },
  minimumTermEndsOn: `${datum('Letzter Tag der Mindestlaufzeit')}: der Tag vor dem Tag mit der Zahl des Beginns N Monate später, oder der Monatsletzte, wo dieser Tag fehlt (§ 188 Abs. 2, 3 BGB). Null bei \`minimumTermMonths\` 0. Berechnet, nicht Teil des Hashs.`,
  endsOn: `${datum('Letzter Vertragstag')}: \`termination.endsOn\` bei einer Kündigung, sonst das Ende der Mindestlaufzeit bei \`renewal: "none"\`; null, solange der Vertrag auf unbestimmte Zeit läuft, und bei stornierten Verträgen. Berechnet, nicht Teil des Hashs.`,
  earliestEndOn: `${datum('Frühestes Vertragsende')} für eine heute eingehende Kündigung (siehe Kündigungsvorschau), auch für \`pending\`-Verträge; null bei gekündigten und stornierten Verträgen. Berechnet mit „heute“ in der Zeitzone des Studios, nicht Teil des Hashs.`,
  documentHash: `${hashErklaerung} Wer unterschreibt, sendet ihn mit: Unterschrieben wird genau, was angezeigt wurde.`,
  createdBy: '`sub` des Benutzers, der den Vertrag angelegt hat.',
  cancelledAt: 'Zeitpunkt der Stornierung, sonst null.',
  cancellationReason: 'Grund der Stornierung, sonst null.',
  cancelledBy: '`sub` des Benutzers, der storniert hat, sonst null.',
  updatedAt: 'Zeitpunkt der letzten Änderung (Unterschrift, Stornierung, Kündigung oder ihre Rücknahme).',
  version:
    '1 bei Erstellung, +1 bei jeder Unterschrift, Stornierung, Kündigung und Rücknahme einer Kündigung; das `ETag` des Vertrags.',
} as const;

const kopiefelder = {
  id: 'ID des Versands.',
  to: 'Die Adresse, an die das PDF ging.',
  sentAt: 'Zeitpunkt des Versands.',
  messageId: 'Die Kennung der Nachricht beim Maildienst (Amazon SES; lokal der Name der Datei im Postausgang).',
} as const;

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
  },
  {
    text: 'Ein Vertrag mit seinen Unterschriften. Der Inhalt ändert sich nach der Erstellung nie; es gibt weder PUT noch DELETE.',
    examples: [
      { ...gespeicherterVertrag, signatures: [unterschrift], copies: [versand] },
      { ...gekuendigterVertrag, signatures: [unterschrift], copies: [] },
    ],
  },
);

const ContractSummary = component(ContractRecord, 'ContractSummary', vertragsfelder, {
  text: 'Ein Vertrag, wie Listen ihn zeigen: ohne Unterschriften.',
  examples: [gespeicherterVertrag],
});

export const contractComponents = {
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
