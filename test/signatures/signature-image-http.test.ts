import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { dataUrl, onePixelPng, svgDataUrl } from '../support/images.ts';
import { useStudioProfile } from '../support/studio.ts';

const api = useApi();
// Contracts name the studio as a party: none can be created before its profile exists.
useStudioProfile(api);

// What signature_pad's toSVG() sends from the counter tablet, shortened to one stroke and one dot.
const signaturePadSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 150" width="300" height="150">' +
  '<path d="M 10.000,20.000 C 11.500,21.250 12.000,22.000 13.000,23.000" stroke-width="2.250" stroke="rgb(0, 0, 0)" fill="none" stroke-linecap="round"></path>' +
  '<circle r="1.5" cx="40" cy="50" fill="black"></circle></svg>';

const createContract = async (overrides: Record<string, unknown> = {}) => {
  const contact = await api.request('POST', '/api/contacts', {
    body: {
      firstName: 'Erika',
      lastName: unique('Mustermann'),
      email: `${unique('erika')}@example.com`,
      address: { street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
    },
  });
  const service = await api.request('POST', '/api/services', {
    body: { name: unique('Yoga '), price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' },
  });
  const contract = await api.request('POST', '/api/contracts', {
    body: {
      contactId: contact.body.id,
      items: [{ serviceId: service.body.id }],
      startDate: '2026-12-01',
      ...overrides,
    },
  });
  expect(contract.status).toBe(201);
  return contract.body as { id: string; documentHash: string };
};

const sign = (
  contract: { id: string; documentHash: string },
  signatureImage: string,
  overrides: Record<string, unknown> = {},
) =>
  api.request('POST', `/api/contracts/${contract.id}/signatures`, {
    body: {
      role: 'customer',
      signerName: 'Erika Mustermann',
      documentHash: contract.documentHash,
      signatureImage,
      consent: true,
      ...overrides,
    },
  });

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe('signature images through POST /api/contracts/:id/signatures', () => {
  it('stores a real PNG and a signature pad’s SVG byte for byte, and verification finds both intact', async () => {
    const contract = await createContract({ requireStudioSignature: true });

    const customer = await sign(contract, dataUrl('image/png', onePixelPng));
    const studio = await sign(contract, svgDataUrl(signaturePadSvg), { role: 'studio', signerName: 'Studio Leitung' });

    expect(customer.status).toBe(201);
    expect(studio.status).toBe(201);
    const imageHashes = Object.fromEntries(
      studio.body.signatures.map((signature: { role: string; imageSha256: string }) => [
        signature.role,
        signature.imageSha256,
      ]),
    );
    expect(imageHashes).toEqual({ customer: sha256(onePixelPng), studio: sha256(signaturePadSvg) });
    const verification = await api.request('GET', `/api/contracts/${contract.id}/verification`);
    expect(verification.body.valid).toBe(true);
    expect(verification.body.signatures.map((signature: { imageValid: boolean }) => signature.imageValid)).toEqual([
      true,
      true,
    ]);
  });

  it('refuses a namespaced script, a glued event handler and a PNG with an HTML tail with a German 400, storing nothing', async () => {
    const contract = await createContract();
    const cases = [
      [
        svgDataUrl(
          '<svg xmlns="http://www.w3.org/2000/svg"><x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script></svg>',
        ),
        'Das SVG enthält einen nicht erlaubten Namensraum: x:script',
      ],
      [
        svgDataUrl('<svg xmlns="http://www.w3.org/2000/svg" height="10"onload="alert(1)"/>'),
        'Das SVG ist kein wohlgeformtes XML (Fehler bei Zeichen 52)',
      ],
      [
        dataUrl('image/png', Buffer.concat([onePixelPng, Buffer.from('<html><script>alert(1)</script></html>')])),
        'Die Daten sind kein gültiges PNG: nach dem IEND-Chunk folgen noch 38 Bytes',
      ],
    ];

    for (const [signatureImage, message] of cases) {
      const response = await sign(contract, signatureImage as string);

      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body.detail).toBe('Die Unterschrift ist kein gültiges Bild');
      expect(response.body.errors).toEqual([{ path: 'signatureImage', message }]);
    }
    expect((await api.request('GET', `/api/contracts/${contract.id}`)).body.signatures).toEqual([]);
  });

  it('answers the 200-byte SVG that used to hold the server for 12 seconds at once, for a staff token too', async () => {
    const contract = await createContract();
    const started = performance.now();

    const response = await api.request('POST', `/api/contracts/${contract.id}/signatures`, {
      as: 'staff',
      body: {
        role: 'customer',
        signerName: 'Erika Mustermann',
        documentHash: contract.documentHash,
        signatureImage: svgDataUrl(`${'<!---->'.repeat(28)}x`),
        consent: true,
      },
    });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe('signatureImage');
    // Through HTTP, the authorizer and a table read: far below the 12 s it took, with room for a busy machine.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
