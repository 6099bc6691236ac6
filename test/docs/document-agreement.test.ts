import { describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { documentAcceptsBody } from '../support/openapi-responses.ts';
import { useStudioProfile } from '../support/studio.ts';

const api = useApi();
useStudioProfile(api);

/*
 * Edge values sent to the server and to the published document's validator
 * (JSON Schema 2020-12, as OpenAPI 3.1 uses): both must give the same verdict.
 * A new edge goes into a table here, and the next disagreement shows up.
 */

const address = (country: unknown) => ({ street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country });

const contactEdges: Record<string, Record<string, unknown>> = {
  'country DE': { address: address('DE') },
  'country de (ISO 3166-1 alpha-2 is upper case)': { address: address('de') },
  'country De': { address: address('De') },
  'country XX': { address: address('XX') },
};

describe('the server and the published document agree', () => {
  it.each(Object.entries(contactEdges))('on a contact with %s', async (_edge, fields) => {
    const body = { firstName: 'Erika', lastName: unique('Agree'), ...fields };

    const response = await api.request('POST', '/api/contacts', { body });

    expect({ document: documentAcceptsBody('ContactInput', body) }).toEqual({ document: response.status === 201 });
  });

  it('on the studio address: upper-case country codes only', async () => {
    const upper = await api.request('PUT', '/api/studio', {
      body: { legalName: 'Studio Mitte GmbH', address: address('DE'), email: 'kontakt@studio-mitte.example' },
    });
    const lower = { legalName: 'Studio Mitte GmbH', address: address('de'), email: 'kontakt@studio-mitte.example' };
    const refused = await api.request('PUT', '/api/studio', { body: lower });

    expect(upper.status).toBe(200);
    expect({ status: refused.status, document: documentAcceptsBody('StudioInput', lower) }).toEqual({
      status: 400,
      document: false,
    });
  });
});
