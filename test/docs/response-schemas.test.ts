import { describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { signaturePng } from '../support/images.ts';
import { documentAcceptsBody, documentAcceptsQuery, documentViolation } from '../support/openapi-responses.ts';
import { useStudioProfile } from '../support/studio.ts';

const api = useApi();
// Contracts name the studio as a party: none can be created before its profile exists.
useStudioProfile(api);

const png = signaturePng;

/** A query value as a typed client would hold it before writing it into the URL. */
const asClientValue = (text: string): unknown => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text);

const newContact = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Erika',
  lastName: unique('Schema'),
  ...extra,
});

describe('the document and the server agree (each refuses what the other refuses)', () => {
  it('on limit: an integer from 1 to 100', async () => {
    // prepare
    const candidates = ['0', '1', '25', '100', '101', '-1', '1.5', 'ten', '007'];

    // act
    const observed = await Promise.all(
      candidates.map(async (limit) => ({
        limit,
        document: documentAcceptsQuery('GET', '/api/contacts', 'limit', asClientValue(limit)),
        server: (await api.request('GET', `/api/contacts?limit=${encodeURIComponent(limit)}`)).status === 200,
      })),
    );

    // assess
    for (const { limit, document, server } of observed)
      expect({ limit, document }).toEqual({ limit, document: server });
    expect(observed.filter(({ server }) => server).map(({ limit }) => limit)).toEqual(['1', '25', '100', '007']);
  });

  it('on country codes: ISO 3166-1 alpha-2 countries, not groupings, aliases or placeholders', async () => {
    // prepare
    const candidates = ['DE', 'GB', 'US', 'AT', 'UK', 'EU', 'ZZ', 'QO', 'XX', 'D1'];

    // act
    const observed = await Promise.all(
      candidates.map(async (country) => {
        const body = newContact({ address: { street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country } });
        return {
          country,
          document: documentAcceptsBody('ContactInput', body),
          server: (await api.request('POST', '/api/contacts', { body })).status === 201,
        };
      }),
    );

    // assess
    for (const { country, document, server } of observed) {
      expect({ country, document }).toEqual({ country, document: server });
    }
    expect(observed.filter(({ server }) => server).map(({ country }) => country)).toEqual(['DE', 'GB', 'US', 'AT']);
  });

  it('on currency codes: ISO 4217', async () => {
    // prepare
    const candidates = ['EUR', 'USD', 'CHF', 'EURO', 'ABC', 'E1R'];

    // act
    const observed = await Promise.all(
      candidates.map(async (currency) => {
        const body = { name: unique('Yoga '), price: { amount: 4900, currency } };
        return {
          currency,
          document: documentAcceptsBody('ServiceInput', body),
          server: (await api.request('POST', '/api/services', { body })).status === 201,
        };
      }),
    );

    // assess
    for (const { currency, document, server } of observed) {
      expect({ currency, document }).toEqual({ currency, document: server });
    }
    expect(observed.filter(({ server }) => server).map(({ currency }) => currency)).toEqual(['EUR', 'USD', 'CHF']);
  });

  it('on blank text: a required name or a search of only white space is missing, not a value', async () => {
    // prepare
    const names = ['Erika', ' ', '   ', '\t', ' E '];
    const searches = ['Muster', '  '];

    // act
    const observedNames = await Promise.all(
      names.map(async (firstName) => {
        const body = newContact({ firstName });
        return {
          firstName,
          document: documentAcceptsBody('ContactInput', body),
          server: (await api.request('POST', '/api/contacts', { body })).status === 201,
        };
      }),
    );
    const observedSearches = await Promise.all(
      searches.map(async (search) => ({
        search,
        document: documentAcceptsQuery('GET', '/api/contacts', 'search', search),
        server: (await api.request('GET', `/api/contacts?search=${encodeURIComponent(search)}`)).status === 200,
      })),
    );

    // assess
    for (const { firstName, document, server } of observedNames) {
      expect({ firstName, document }).toEqual({ firstName, document: server });
    }
    for (const { search, document, server } of observedSearches) {
      expect({ search, document }).toEqual({ search, document: server });
    }
    expect(observedNames.filter(({ server }) => !server).map(({ firstName }) => firstName)).toEqual([' ', '   ', '\t']);
  });

  it('on signature images: a base64 data URL of a PNG or an SVG', async () => {
    // prepare
    const contact = await api.request('POST', '/api/contacts', { body: newContact() });
    const service = await api.request('POST', '/api/services', {
      body: { name: unique('Yoga '), price: { amount: 4900, currency: 'EUR' } },
    });
    const contract = await api.request('POST', '/api/contracts', {
      body: { contactId: contact.body.id, items: [{ serviceId: service.body.id }], startDate: '2027-01-01' },
    });
    const refused = [
      'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      'https://example.com/signature.png',
      'data:image/png;base64,',
      'data:image/png,iVBORw0KGgo=',
      `${png.slice(0, 40)}=${png.slice(40)}`,
    ];
    const signature = (signatureImage: string) => ({
      role: 'customer',
      signerName: 'Erika Schema',
      documentHash: contract.body.documentHash,
      signatureImage,
      consent: true,
    });

    // act
    const observed = [];
    for (const image of [...refused, png]) {
      const body = signature(image);
      const response = await api.request('POST', `/api/contracts/${contract.body.id}/signatures`, { body });
      observed.push({ image, document: documentAcceptsBody('SignatureInput', body), status: response.status });
    }

    // assess
    expect(observed.map(({ image, document }) => ({ image, document }))).toEqual(
      [...refused, png].map((image) => ({ image, document: image === png })),
    );
    expect(observed.map(({ status }) => status)).toEqual([400, 400, 400, 400, 400, 201]);
  });
});

describe('every answer a test receives is held against the document', () => {
  const headers = (contentType: string) => new Headers({ 'content-type': contentType });

  it('lets a documented answer pass', async () => {
    // act
    const contact = await api.request('POST', '/api/contacts', { body: newContact() });

    // assess: the request above was checked on its way back; the same check of its answer passes.
    expect(contact.status).toBe(201);
    expect(documentViolation('POST', `${api.url}/api/contacts`, contact)).toBeUndefined();
  });

  it('names a body that breaks the documented schema, and where', async () => {
    // prepare
    const contact = await api.request('POST', '/api/contacts', { body: newContact() });
    const tampered = { ...contact, body: { ...contact.body, version: 'one', createdAt: undefined } };

    // act
    const violation = documentViolation('POST', `${api.url}/api/contacts`, tampered);

    // assess
    expect(violation).toMatch(/^POST \/api\/contacts answered 201 with a body that does not match/);
    expect(violation).toContain('/version must be integer');
    expect(violation).toContain("must have required property 'createdAt'");
  });

  it('names a status, a media type or an unknown route that the document does not describe', () => {
    // act
    const teapot = documentViolation('GET', `${api.url}/api/contacts`, {
      status: 418,
      headers: headers('application/json'),
      body: {},
      text: '{}',
    });
    const html = documentViolation('GET', `${api.url}/api/contacts`, {
      status: 200,
      headers: headers('text/html'),
      body: '<p>',
      text: '<p>',
    });
    const unrouted = documentViolation('GET', `${api.url}/api/nowhere`, {
      status: 200,
      headers: headers('application/json'),
      body: {},
      text: '{}',
    });

    // assess
    expect(teapot).toMatch(/answered 418, a status the OpenAPI document does not list for contacts-list/);
    expect(html).toMatch(/with `text\/html`, but contacts-list documents application\/json/);
    expect(unrouted).toMatch(/no route matches/);
  });
});
