import { expect } from 'vitest';
import { type TestApi, unique } from './api.ts';
import { putStudioProfile, studioProfile } from './studio.ts';

/**
 * A monthly contract from 1 January 2027 of a studio that is a SEPA creditor (`sepa`), created with `body`
 * (by default nothing more: pass `{ directDebit }` for one with a mandate).
 */
export const contractOfSepaStudio = async (
  api: TestApi,
  sepa: Record<string, unknown>,
  body: Record<string, unknown> = {},
  item: Record<string, unknown> = {},
) => {
  await putStudioProfile(api, { ...studioProfile, sepa });
  const contact = await api.request('POST', '/api/contacts', { body: { firstName: 'Erika', lastName: unique('M') } });
  const service = await api.request('POST', '/api/services', {
    body: { name: unique('Yoga '), price: { amount: 4900, currency: 'EUR' }, billingInterval: 'month' },
  });
  const response = await api.request('POST', '/api/contracts', {
    body: {
      contactId: contact.body.id,
      items: [{ serviceId: service.body.id, ...item }],
      startDate: '2027-01-01',
      ...body,
    },
  });
  expect(response.status).toBe(201);
  return response.body;
};
