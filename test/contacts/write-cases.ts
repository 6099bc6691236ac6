import { expect } from 'vitest';
import { unique } from '../support/api.ts';
import type { WriteCase, WriteFixtures } from '../support/write-case.ts';

/** The contacts area's write routes for test/http/exactly-once.test.ts, each with the state its change must leave exactly once. */
export const writeCases = ({
  api,
  get,
  newContact,
  newContactWithEmail,
  newContract,
}: WriteFixtures): Record<string, WriteCase> => ({
  'POST /api/contacts': {
    prepare: async () => {
      const email = `${unique('new')}@example.com`;
      return {
        method: 'POST',
        path: '/api/contacts',
        body: { firstName: 'Ida', lastName: unique('Once'), email },
        holdsOnce: async () => {
          expect((await get(`/api/contacts?search=${encodeURIComponent(email)}`)).body.items).toHaveLength(1);
        },
      };
    },
  },
  'POST /api/contacts without email': {
    prepare: async () => {
      const lastName = unique('Noemail');
      return {
        method: 'POST',
        path: '/api/contacts',
        body: { firstName: 'Ida', lastName },
        holdsOnce: async () => {
          expect((await get(`/api/contacts?search=${lastName}`)).body.items).toHaveLength(1);
        },
      };
    },
  },
  'PUT /api/contacts/:id with If-Match': {
    prepare: async () => {
      const contact = await newContact();
      return {
        method: 'PUT',
        path: `/api/contacts/${contact.id}`,
        body: { firstName: 'Ida', lastName: contact.lastName, email: `${unique('moved')}@example.com` },
        headers: { 'if-match': '"1"' },
        holdsOnce: async () => {
          expect((await get(`/api/contacts/${contact.id}`)).body.version).toBe(2);
          // The old address was released exactly once: another contact may take it now.
          await newContactWithEmail(contact.email);
        },
      };
    },
  },
  'DELETE /api/contacts/:id': {
    prepare: async () => {
      const contact = await newContact();
      return {
        method: 'DELETE',
        path: `/api/contacts/${contact.id}`,
        holdsOnce: async () => {
          expect((await get(`/api/contacts/${contact.id}`)).status).toBe(404);
          await newContactWithEmail(contact.email);
        },
      };
    },
  },
  'POST /api/contacts/:id/erasure of a contact without contracts': {
    prepare: async () => {
      const contact = await newContact();
      return {
        method: 'POST',
        path: `/api/contacts/${contact.id}/erasure`,
        body: { reason: 'Asked in the studio' },
        holdsOnce: async () => {
          expect((await get(`/api/contacts/${contact.id}`)).status).toBe(404);
          // The email's claim went with it, exactly once: another contact may take the address now.
          await newContactWithEmail(contact.email);
        },
      };
    },
  },
  'POST /api/contacts/:id/erasure of a contact whose contract was cancelled': {
    prepare: async () => {
      const { contact, contract } = await newContract();
      const cancelled = await api.request('POST', `/api/contracts/${contract.id}/cancellation`, {
        body: { reason: 'Umzug' },
      });
      expect(cancelled.status).toBe(200);
      return {
        method: 'POST',
        path: `/api/contacts/${contact.id}/erasure`,
        body: { reason: 'Asked in the studio' },
        holdsOnce: async () => {
          const restricted = (await get(`/api/contacts/${contact.id}`)).body;
          expect(restricted).toMatchObject({ restricted: true, version: 2 });
        },
      };
    },
  },
});
