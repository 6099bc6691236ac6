import { describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { signaturePng } from '../support/images.ts';
import { documentAcceptsBody } from '../support/openapi-responses.ts';
import { studioProfile, useStudioProfile } from '../support/studio.ts';

const api = useApi();
useStudioProfile(api);

/** What docs/decisions.md ("Text") refuses inside a single-line name: bidi controls and invisible spaces. */
const refusedInNames = {
  'U+202A left-to-right embedding': '\u202a',
  'U+202B right-to-left embedding': '\u202b',
  'U+202C pop directional formatting': '\u202c',
  'U+202D left-to-right override': '\u202d',
  'U+202E right-to-left override': '\u202e',
  'U+2066 left-to-right isolate': '\u2066',
  'U+2067 right-to-left isolate': '\u2067',
  'U+2068 first strong isolate': '\u2068',
  'U+2069 pop directional isolate': '\u2069',
  'U+200E left-to-right mark': '\u200e',
  'U+200F right-to-left mark': '\u200f',
  'U+200B zero width space': '\u200b',
  'U+2060 word joiner': '\u2060',
  'U+FEFF zero width no-break space': '\ufeff',
};
const refused = Object.entries(refusedInNames);

/** Names that must stay valid: right-to-left scripts, and the joiners Persian and Indic names need. */
const validNames = ['שרה לוי', 'فاطمة الزهراء', 'می\u200cخواهم', 'क्\u200dष', 'Zoë Ǆurić', "O'Brien"];

const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const newContact = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Erika',
  lastName: unique('Muster'),
  ...overrides,
});

const createContract = async () => {
  const contact = await api.request('POST', '/api/contacts', { body: newContact() });
  const service = await api.request('POST', '/api/services', {
    body: { name: unique('Yoga '), price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' },
  });
  const contract = await api.request('POST', '/api/contracts', {
    body: { contactId: contact.body.id, items: [{ serviceId: service.body.id }], startDate: inFuture(7) },
  });
  expect(contract.status).toBe(201);
  return contract.body as { id: string; documentHash: string };
};

const sign = (contract: { id: string; documentHash: string }, signerName: string) =>
  api.request('POST', `/api/contracts/${contract.id}/signatures`, {
    body: {
      role: 'customer',
      signerName,
      documentHash: contract.documentHash,
      signatureImage: signaturePng,
      consent: true,
    },
  });

const fieldsOf = (response: { body: { errors?: { path: string }[] } }) =>
  (response.body.errors ?? []).map((error) => error.path);

describe('single-line names refuse bidi controls and invisible spaces', () => {
  it.each(refused)("answers 400 naming firstName and lastName for %s inside a contact's names", async (_name, mark) => {
    const body = newContact({ firstName: `Eri${mark}ka`, lastName: `Mus${mark}ter` });

    const response = await api.request('POST', '/api/contacts', { body });

    expect(response.status).toBe(400);
    expect(fieldsOf(response)).toEqual(['firstName', 'lastName']);
    expect(documentAcceptsBody('ContactInput', body)).toBe(false);
  });

  it('answers 400 naming signerName for "Erika \\u202eretsuM", and the contract stays unsigned', async () => {
    const contract = await createContract();

    const spoofed = await sign(contract, 'Erika \u202eretsuM');
    const afterwards = await api.request('GET', `/api/contracts/${contract.id}`);

    expect(spoofed.status).toBe(400);
    expect(fieldsOf(spoofed)).toEqual(['signerName']);
    expect(afterwards.body.signatures).toEqual([]);
  });

  it.each(refused)('answers 400 naming signerName for %s, as the document says', async (_name, mark) => {
    const contract = await createContract();
    const body = {
      role: 'customer',
      signerName: `Erika${mark} Muster`,
      documentHash: contract.documentHash,
      signatureImage: signaturePng,
      consent: true,
    };

    const response = await sign(contract, body.signerName);

    expect(response.status).toBe(400);
    expect(fieldsOf(response)).toEqual(['signerName']);
    expect(documentAcceptsBody('SignatureInput', body)).toBe(false);
  });

  it.each(refused)("answers 400 naming the studio's legalName and representedBy for %s", async (_name, mark) => {
    const body = { ...studioProfile, legalName: `Studio${mark} Mitte GmbH`, representedBy: `Maria${mark} Beispiel` };

    const response = await api.request('PUT', '/api/studio', { body });

    expect(response.status).toBe(400);
    expect(fieldsOf(response)).toEqual(['legalName', 'representedBy']);
    expect(documentAcceptsBody('StudioInput', body)).toBe(false);
  });

  it.each(validNames)(
    'takes the name %s on a contact, a signature and the studio, as the document does',
    async (name) => {
      const contactBody = newContact({ firstName: name });
      const studioBody = { ...studioProfile, representedBy: name };

      const contact = await api.request('POST', '/api/contacts', { body: contactBody });
      const signature = await sign(await createContract(), name);
      const studio = await api.request('PUT', '/api/studio', { body: studioBody });

      expect([contact.status, signature.status, studio.status]).toEqual([201, 201, 200]);
      expect(contact.body.firstName).toBe(name);
      expect(documentAcceptsBody('ContactInput', contactBody)).toBe(true);
      expect(documentAcceptsBody('StudioInput', studioBody)).toBe(true);
    },
  );

  it('leaves multi-line text its own rules: a note may quote a right-to-left name with isolates and marks', async () => {
    const notes = 'Called \u2067שרה\u2069 back.\nAsked for \u200fفاطمة\u200f.';

    const response = await api.request('POST', '/api/contacts', { body: newContact({ notes }) });

    expect(response.status).toBe(201);
    expect(response.body.notes).toBe(notes);
  });
});
