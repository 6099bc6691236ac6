import { beforeAll, describe, expect, it } from 'vitest';
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
  // The server takes a blank optional string as missing (docs/decisions.md, "Text").
  'a blank email': { email: '   ' },
  'an empty email': { email: '' },
  'an invisible-only email': { email: '\u200b ' },
  'a blank phone': { phone: ' \t ' },
  'an email that is no address': { email: 'erika' },
};

const serviceEdges: Record<string, Record<string, unknown>> = {
  'a blank description': { description: '  ' },
  'a description': { description: 'Zwei Stunden Yoga' },
};

// Each unit's maximum keeps the notice within one month on every calendar day (§ 309 Nr. 9 Buchst. c BGB).
const noticeEdges: Record<string, unknown> = {
  '0 days': { value: 0, unit: 'day' },
  '28 days': { value: 28, unit: 'day' },
  '29 days': { value: 29, unit: 'day' },
  '4 weeks': { value: 4, unit: 'week' },
  '5 weeks': { value: 5, unit: 'week' },
  '1 month': { value: 1, unit: 'month' },
  '2 months': { value: 2, unit: 'month' },
  '1 year': { value: 1, unit: 'year' },
  '-1 days': { value: -1, unit: 'day' },
  '1.5 weeks': { value: 1.5, unit: 'week' },
  'no unit': { value: 1 },
  'an extra field': { value: 1, unit: 'month', days: 30 },
  'a number': 30,
};

let parties: { contactId: string; serviceId: string };
beforeAll(async () => {
  const contact = await api.request('POST', '/api/contacts', {
    body: { firstName: 'Erika', lastName: unique('Frist') },
  });
  const service = await api.request('POST', '/api/services', {
    body: { name: unique('Agree '), price: { amount: 3900, currency: 'EUR' }, billingInterval: 'month' },
  });
  parties = { contactId: contact.body.id, serviceId: service.body.id };
});

describe('the server and the published document agree', () => {
  it.each(Object.entries(contactEdges))('on a contact with %s', async (_edge, fields) => {
    const body = { firstName: 'Erika', lastName: unique('Agree'), ...fields };

    const response = await api.request('POST', '/api/contacts', { body });

    expect({ document: documentAcceptsBody('ContactInput', body) }).toEqual({ document: response.status === 201 });
  });

  it.each(Object.entries(serviceEdges))('on a service with %s', async (_edge, fields) => {
    const body = { name: unique('Agree '), price: { amount: 3900, currency: 'EUR' }, ...fields };

    const response = await api.request('POST', '/api/services', { body });

    expect({ document: documentAcceptsBody('ServiceInput', body) }).toEqual({ document: response.status === 201 });
  });

  it.each(Object.entries(noticeEdges))('on a contract with a notice period of %s', async (_edge, noticePeriod) => {
    const { contactId, serviceId } = parties;
    const body = { contactId, items: [{ serviceId }], startDate: '2026-01-15', noticePeriod };

    const response = await api.request('POST', '/api/contracts', { body });

    expect(response.status, JSON.stringify(response.body)).toBeOneOf([201, 400]);
    expect({ document: documentAcceptsBody('ContractInput', body) }).toEqual({ document: response.status === 201 });
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
