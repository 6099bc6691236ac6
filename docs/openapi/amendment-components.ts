import { AmendmentList, AmendmentRecord } from '#shared/contracts/amendments/amendment-schema.ts';
import {
  AmendmentCancellationInput,
  DeclineInput,
  EarlyEndInput,
} from '#shared/contracts/amendments/decision-inputs.ts';
import { AmendmentInput, maxPauseDays } from '#shared/contracts/amendments/offer-input.ts';
import { AmendmentSignatureInput } from '#shared/contracts/amendments/signature-input.ts';
import { component, variantComponent } from './components.ts';
import { hash, png } from './contract-examples.ts';
import { betrag, datum, positionen } from './contract-fields.ts';

// Änderungsvereinbarungen eines laufenden Vertrags (docs/amendments.md): Ruhezeit, Preis, Leistungen.

const sub = '3f1c9a52-7b2e-4d8a-9c61-0e5b8f2a4d17';
const geld = (text: string) => ({ text, fields: betrag });

const ruhezeitFelder = {
  lastDay: `${datum('Letzter Tag der Ruhezeit, wie vereinbart')}: 1 bis ${maxPauseDays} Tage ab \`effectiveFrom\`, beide mitgezählt. Null bei Preis und Leistungen.`,
  reason:
    'Anlass: `holiday`, `illness`, `pregnancy`, `parental-leave` oder `other`. Eine Diagnose wird nie verlangt, ein Attest nie gespeichert (BGH XII ZR 42/10). Null bei Preis und Leistungen.',
  reasonText: 'Freitext zum Anlass, höchstens 500 Zeichen; Pflicht bei `other`. Sonst null.',
  monthlyFee: geld(
    'Ruhezeitgebühr je Monat, anteilig für die Tage der Ruhezeit („Ruhezeitgebühr“ als eigene Zeile der Fälligkeit). Null bei Preis und Leistungen.',
  ),
  extendsTerm:
    'Ob sich die Mindestlaufzeit um die Tage der Ruhezeit verlängert: nur für eine Ruhezeit, die vor dem Ende der Mindestlaufzeit beginnt. Null bei Preis und Leistungen.',
};

const beispielRuhezeit = {
  id: '01JD0000000000000000000011',
  contractId: '01JD5A1B2C3D4E5F6G7H8J9K0M',
  number: '2026-000001-A1',
  kind: 'pause' as const,
  status: 'offered' as const,
  effectiveFrom: '2027-03-10',
  offerExpiresOn: '2027-03-05',
  lastDay: '2027-03-23',
  reason: 'holiday' as const,
  reasonText: null,
  monthlyFee: { amount: 500, currency: 'EUR' },
  extendsTerm: true,
  items: null,
  documentHash: hash,
  amendmentHash: 'sha256:1d2c3b4a5f6e7d8c9b0a1f2e3d4c5b6a7f8e9d0c1b2a3f4e5d6c7b8a9f0e1d2c',
  offeredAt: '2027-02-19T10:00:00.000Z',
  offeredBy: sub,
  signature: null,
  agreedAt: null,
  declinedAt: null,
  declineReason: null,
  cancelledAt: null,
  cancellationReason: null,
  endedEarly: null,
  updatedAt: '2027-02-19T10:00:00.000Z',
  version: 1,
};

const Amendment = component(
  AmendmentRecord,
  'Amendment',
  {
    id: 'ID der Änderungsvereinbarung, eine ULID.',
    contractId: 'ID des Vertrags.',
    number: 'Nummer `<Vertragsnummer>-A<k>`, k = 1, 2, … je Vertrag.',
    kind: '`pause` (Ruhezeit), `price` (Preisänderung) oder `items` (Änderung der Leistungen).',
    status:
      '`offered` → `agreed` (vom Kunden unterschrieben) | `declined` (abgelehnt) | `expired` (nach `offerExpiresOn` nicht unterschrieben; berechnet in der Zeitzone des Studios) | `cancelled` (vom Studio zurückgezogen). Nur `agreed` gilt.',
    effectiveFrom: datum('Ab diesem Tag gilt die Änderung (bei einer Ruhezeit ihr erster Tag)'),
    offerExpiresOn: datum('Letzter Tag, an dem das Angebot unterschrieben werden kann'),
    ...ruhezeitFelder,
    items: positionen,
    documentHash: 'Der Dokument-Hash des Vertrags, den die Vereinbarung ändert.',
    amendmentHash:
      '`sha256:` und der SHA-256 des kanonischen JSON (RFC 8785) von `{ contractId, number, kind, effectiveFrom, offerExpiresOn, documentHash, …die Felder der Art }` (Ruhezeit: `lastDay`, `reason`, `reasonText`, `monthlyFee`, `extendsTerm`; Preis und Leistungen: `items`). Wer unterschreibt, sendet ihn mit.',
    offeredAt: 'Zeitpunkt des Angebots (RFC 3339, UTC).',
    offeredBy: '`sub` des Benutzers, der das Angebot erstellt hat.',
    signature: {
      text: 'Die Unterschrift des Kunden mit Nachweisen und Siegel über `{ contractId, amendmentId, amendmentHash, signerName, signedAt, ipAddress, userAgent, imageSha256 }`; null bis zur Unterschrift.',
      fields: {
        id: 'ID der Unterschrift.',
        signerName: 'Name der unterschreibenden Person.',
        amendmentHash: 'Der unterschriebene Änderungs-Hash.',
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
    agreedAt: 'Zeitpunkt der Vereinbarung (der Unterschrift), sonst null.',
    declinedAt: 'Zeitpunkt der Ablehnung, sonst null.',
    declineReason: 'Grund der Ablehnung, wenn der Kunde einen nannte, sonst null.',
    cancelledAt: 'Zeitpunkt, zu dem das Studio das Angebot zurückzog, sonst null.',
    cancellationReason: 'Grund dafür, sonst null.',
    endedEarly: {
      text: 'Das vorzeitige Ende einer vereinbarten Ruhezeit auf Wunsch des Kunden, sonst null. `lastDay` oben bleibt, wie unterschrieben.',
      fields: {
        lastDay: datum('Tatsächlich letzter Tag der Ruhezeit'),
        recordedAt: 'Zeitpunkt der Erfassung.',
        recordedBy: '`sub` des Benutzers, der es erfasst hat.',
      },
    },
    updatedAt: 'Zeitpunkt der letzten Änderung.',
    version: '1 beim Angebot, +1 bei jeder Entscheidung und jedem vorzeitigen Ende; das `ETag`.',
  },
  { text: 'Eine Änderungsvereinbarung zu einem Vertrag.', examples: [beispielRuhezeit] },
);

export const amendmentComponents = {
  Amendment,
  AmendmentList: component(
    AmendmentList,
    'AmendmentList',
    {
      items: { text: 'Alle Änderungsvereinbarungen des Vertrags, neueste zuerst.', ref: Amendment.documented },
      nextCursor: 'Immer null: Ein Vertrag hat wenige Änderungen, die Liste kommt auf einmal.',
    },
    {
      text: 'Die Änderungsvereinbarungen eines Vertrags.',
      examples: [{ items: [beispielRuhezeit], nextCursor: null }],
    },
  ),
  AmendmentInput: variantComponent(
    AmendmentInput,
    'AmendmentInput',
    {
      kind: '`pause`, `price` oder `items`; bestimmt die weiteren Felder.',
      effectiveFrom:
        'Ab wann die Änderung gilt (`YYYY-MM-DD`). Ruhezeit: frühestens heute vor 30 Tagen und nie vor `startDate`. Preis und Leistungen: der erste Tag eines Abrechnungszeitraums jeder betroffenen Position nach heute (sonst 400, die Meldung nennt den nächsten).',
      offerExpiresOn:
        'Bis wann das Angebot unterschrieben werden kann (`YYYY-MM-DD`, nicht vor heute); ohne Angabe heute + 14 Tage. Bei Preis und Leistungen höchstens `effectiveFrom` − 1 Tag: Ein Preis wird vereinbart, bevor er gilt.',
      ...ruhezeitFelder,
      lastDay: `Letzter Tag der Ruhezeit (\`YYYY-MM-DD\`): 1 bis ${maxPauseDays} Tage ab \`effectiveFrom\`, beide mitgezählt; nicht nach dem letzten Vertragstag.`,
      monthlyFee: {
        text: 'Ruhezeitgebühr je Monat; ohne Angabe 0 EUR. Die Währung des Vertrags (sonst 422).',
        fields: betrag,
      },
      extendsTerm:
        'Ob die Mindestlaufzeit sich um die Tage verlängert; ohne Angabe `false`. Nur vor dem Ende der Mindestlaufzeit (sonst 400), nicht bei einem gekündigten Vertrag (409).',
      items: {
        text: 'Preis: `[{ serviceId, unitPrice }]` neue Einzelpreise für Positionen des Vertrags (auch niedrigere; eine Leistung, die der Vertrag nicht hat, 422). Leistungen: `[{ serviceId, quantity }]`, 1 bis 50, ersetzen die laufenden Positionen, kopiert wie bei der Vertragserstellung.',
        fields: {
          serviceId: 'ID der Leistung.',
          unitPrice: { text: 'Neuer Einzelpreis in der Währung des Vertrags.', fields: betrag },
          quantity: 'Menge, 1 bis 1000; ohne Angabe 1.',
        },
      },
    },
    {
      text: 'Ein Angebot zur Änderung des Vertrags; unbekannte Felder ergeben 400.',
      examples: [
        {
          kind: 'pause',
          effectiveFrom: '2027-03-10',
          lastDay: '2027-03-23',
          reason: 'holiday',
          monthlyFee: { amount: 500, currency: 'EUR' },
          extendsTerm: true,
        },
        {
          kind: 'price',
          effectiveFrom: '2027-06-01',
          offerExpiresOn: '2027-05-15',
          items: [{ serviceId: '01JD4Z7B2C5D8E1F4G7H0J3K6M', unitPrice: { amount: 5400, currency: 'EUR' } }],
        },
      ],
    },
  ),
  AmendmentSignatureInput: component(
    AmendmentSignatureInput,
    'AmendmentSignatureInput',
    {
      signerName: 'Name der unterschreibenden Person, 1 bis 200 Zeichen.',
      amendmentHash: 'Der `amendmentHash`, den die Person gesehen hat; weicht er ab, 409.',
      signatureImage:
        'Das Unterschriftsbild als Data-URL, nach denselben Regeln wie beim Vertrag (PNG oder SVG, höchstens 100 KiB).',
      consent: 'Muss `true` sein.',
    },
    {
      text: 'Die Unterschrift des Kunden unter eine Änderungsvereinbarung.',
      examples: [
        {
          signerName: 'Erika Mustermann',
          amendmentHash: beispielRuhezeit.amendmentHash,
          signatureImage: png,
          consent: true,
        },
      ],
    },
  ),
  DeclineInput: component(
    DeclineInput,
    'DeclineInput',
    { reason: 'Grund der Ablehnung, höchstens 2000 Zeichen; ohne Angabe null. Eine Ablehnung braucht keinen Grund.' },
    { text: 'Die Ablehnung selbst ist die Erklärung.', examples: [{}, { reason: 'Zu teuer' }] },
  ),
  AmendmentCancellationInput: component(
    AmendmentCancellationInput,
    'AmendmentCancellationInput',
    { reason: 'Grund, 1 bis 2000 Zeichen.' },
    { text: 'Das Studio zieht sein Angebot zurück.', examples: [{ reason: 'Angebot versehentlich erstellt' }] },
  ),
  EarlyEndInput: component(
    EarlyEndInput,
    'EarlyEndInput',
    { lastDay: 'Neuer letzter Tag der Ruhezeit (`YYYY-MM-DD`): frühestens gestern, vor dem vereinbarten letzten Tag.' },
    { text: 'Das vorzeitige Ende einer Ruhezeit auf Wunsch des Kunden.', examples: [{ lastDay: '2027-03-16' }] },
  ),
};
