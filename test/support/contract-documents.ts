import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type {
  ContractDocumentInput,
  ContractForDocument,
  SignatureForDocument,
} from '#shared/contracts/document/contract-for-document.ts';

/**
 * Contracts as the customer's copy is rendered from them: the typical one (3
 * items, one PNG signature) and the largest the issue names (50 items, two
 * 100 KiB PNG signatures). The copy's tests and `npm run bench` render the same.
 */

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framing = Buffer.alloc(8);
  framing.writeUInt32BE(data.length, 0);
  framing.writeUInt32BE(crc32(body), 4);
  return Buffer.concat([framing.subarray(0, 4), body, framing.subarray(4)]);
};

/** A signature-like stroke; `speckle` (0–1) adds faint noise that makes the PNG larger. */
export const signaturePng = (width: number, height: number, speckle = 0): Buffer => {
  const pixels = Buffer.alloc(height * (1 + width * 4));
  let seed = 42;
  for (let y = 0; y < height; y++) {
    const rowStart = y * (1 + width * 4);
    for (let x = 0; x < width; x++) {
      const at = rowStart + 1 + x * 4;
      seed = (seed * 1103515245 + 12345) % 2147483648;
      if (Math.abs(y - (height / 2 + (Math.sin(x / 17) * height) / 3)) < 2.5) pixels.set([20, 30, 110, 255], at);
      else if (seed / 2147483648 < speckle) pixels.set([seed % 256, (seed >> 8) % 256, (seed >> 16) % 256, 40], at);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const documentHash = `sha256:${'3f'.repeat(32)}`;

export const euro = (amount: number) => ({ amount, currency: 'EUR' });

export interface SignatureSpec {
  role: SignatureForDocument['role'];
  signerName: string;
  image: Uint8Array;
  /** The sealing key's id, as the seal of a stored signature names it. */
  keyId: string;
  signedAt?: string;
}

export const signatureForDocument = ({
  role,
  signerName,
  image,
  keyId,
  signedAt = '2026-01-15T12:05:07.000Z',
}: SignatureSpec): SignatureForDocument => ({
  id: `01JSIGNATURE${role.toUpperCase().padEnd(14, '0')}`,
  role,
  signerName,
  documentHash,
  signedAt,
  ipAddress: '203.0.113.7',
  userAgent:
    'Mozilla/5.0 (iPad; CPU OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  imageSha256: sha256Hex(image),
  seal: { algorithm: 'ECDSA_SHA_256', keyId, value: 'MEUCIQDx'.padEnd(96, 'Q') },
});

/** A signed contract of a Berlin studio with 3 items and no signatures yet. */
export const baseContract = (): ContractForDocument => ({
  id: '01JCONTRACT000000000000001',
  number: '2026-000001',
  status: 'signed',
  studio: {
    legalName: 'Körperwerk Studio Müller GmbH',
    address: { street: 'Straße des 17. Juni 135', postalCode: '10623', city: 'Berlin', country: 'DE' },
    email: 'kontakt@koerperwerk.example',
    phone: '+49 30 1234567',
    website: 'https://koerperwerk.example',
    vatId: 'DE123456789',
    registerEntry: 'Amtsgericht Berlin-Charlottenburg HRB 12345',
    representedBy: 'Jürgen Weiß',
    timeZone: 'Europe/Berlin',
  },
  contactId: '01JCONTACT0000000000000001',
  contact: {
    firstName: 'Änne',
    lastName: 'Groß',
    email: 'aenne.gross@example.org',
    address: { street: 'Hauptstraße 5', postalCode: '80331', city: 'München', country: 'DE' },
  },
  items: [
    {
      serviceId: 's1',
      name: 'Mitgliedschaft Premium',
      unitPrice: euro(4900),
      billingInterval: 'month',
      quantity: 1,
      total: euro(4900),
    },
    {
      serviceId: 's2',
      name: 'Aufnahmegebühr',
      unitPrice: euro(123450),
      billingInterval: 'once',
      quantity: 1,
      total: euro(123450),
    },
    {
      serviceId: 's3',
      name: 'Getränkeflatrate',
      unitPrice: euro(990),
      billingInterval: 'month',
      quantity: 2,
      total: euro(1980),
    },
  ],
  totals: { once: euro(123450), month: euro(6880) },
  startDate: '2026-01-15',
  minimumTermMonths: 12,
  renewal: 'indefinite',
  noticePeriod: { value: 1, unit: 'month' },
  terms: 'Die Mitgliedschaft berechtigt zur Nutzung aller Geräte während der Öffnungszeiten.',
  requireStudioSignature: false,
  createdAt: '2026-01-15T12:00:00.000Z',
  documentHash,
  minimumTermEndsOn: '2027-01-14',
  endsOn: null,
  earliestEndOn: '2027-01-14',
  termination: null,
  cancelledAt: null,
  cancellationReason: null,
  signatures: [],
});

export const termSentences = {
  minimumTerm: 'Mindestlaufzeit: 12 Monate, vom 15.01.2026 bis 14.01.2027.',
  renewal:
    'Danach läuft der Vertrag auf unbestimmte Zeit weiter und kann jederzeit mit einer Frist von 1 Monat gekündigt werden.',
  notice: 'Kündigungsfrist: 1 Monat ab Eingang der Kündigung.',
};

/** The customer's signature of a typical contract: a 300×100 stroke. */
export const typicalPng = signaturePng(300, 100);

/** A signed contract: 3 items, the customer's PNG signature. */
export const typicalContractInput = (keyId: string): ContractDocumentInput => ({
  contract: {
    ...baseContract(),
    signatures: [signatureForDocument({ role: 'customer', signerName: 'Änne Groß', image: typicalPng, keyId })],
  },
  signatureImages: [{ role: 'customer', mediaType: 'image/png', bytes: typicalPng }],
  termSentences,
});

/** A signature of just under 100 KiB, the largest image §4 accepts: the noise keeps it from compressing. */
export const largestPng = signaturePng(640, 240, 0.145);

/** The largest contract: 50 items over every interval, long terms, both parties signed with 100 KiB PNGs. */
export const largestContractInput = (keyId: string): ContractDocumentInput => {
  const items = Array.from({ length: 50 }, (_, index) => ({
    serviceId: `s${index + 1}`,
    name: `Leistung ${index + 1}: Personal Training mit ausführlicher Beschreibung`,
    unitPrice: euro(1000 + index * 250),
    billingInterval: (['once', 'week', 'month', 'quarter', 'year'] as const)[index % 5] ?? 'month',
    quantity: (index % 3) + 1,
    total: euro((1000 + index * 250) * ((index % 3) + 1)),
  }));
  return {
    contract: {
      ...baseContract(),
      items,
      totals: { once: euro(1), week: euro(2), month: euro(3), quarter: euro(4), year: euro(5) },
      requireStudioSignature: true,
      terms: 'Allgemeine Geschäftsbedingungen. '.repeat(600),
      signatures: [
        signatureForDocument({ role: 'customer', signerName: 'Änne Groß', image: largestPng, keyId }),
        signatureForDocument({ role: 'studio', signerName: 'Jürgen Weiß', image: largestPng, keyId }),
      ],
    },
    signatureImages: [
      { role: 'customer', mediaType: 'image/png', bytes: largestPng },
      { role: 'studio', mediaType: 'image/png', bytes: largestPng },
    ],
    termSentences,
  };
};
