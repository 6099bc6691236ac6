import type { AreaDefinition } from '../areas.ts';
import { anyRole, ownerOnly } from '../roles.ts';

export const sampleContactId = '01JD0000000000000000000000';

const anna = {
  firstName: 'Anna',
  lastName: 'Schmidt',
  email: 'anna.schmidt@example.com',
  phone: '+49 30 1234567',
  dateOfBirth: '1988-04-12',
  address: { street: 'Torstraße 12', postalCode: '10119', city: 'Berlin', country: 'DE' },
  notes: 'Prefers morning appointments.',
};

// biome-ignore format: one route per line keeps the table readable
export const contactsArea = {
  name: 'contacts',
  language: 'en',
  docsTag: {
    name: 'Contacts',
    description:
      'The studio’s customers. Email addresses are unique ignoring case; a contact that contracts refer to cannot be deleted.',
  },
  routes: [
    { name: 'contacts-list', method: 'GET', path: '/api/contacts', entry: 'functions/contacts/list.ts', roles: anyRole, data: 'read' },
    { name: 'contacts-create', method: 'POST', path: '/api/contacts', entry: 'functions/contacts/create.ts', roles: anyRole, data: 'read-write' },
    { name: 'contacts-get', method: 'GET', path: '/api/contacts/{id}', entry: 'functions/contacts/get.ts', roles: anyRole, data: 'read' },
    { name: 'contacts-replace', method: 'PUT', path: '/api/contacts/{id}', entry: 'functions/contacts/replace.ts', roles: anyRole, data: 'read-write' },
    { name: 'contacts-delete', method: 'DELETE', path: '/api/contacts/{id}', entry: 'functions/contacts/delete.ts', roles: ownerOnly, data: 'read-write', deletes: true },
    { name: 'contacts-erasure', method: 'POST', path: '/api/contacts/{id}/erasure', entry: 'functions/contacts/erasure.ts', roles: ownerOnly, data: 'read-write', deletes: true },
    { name: 'contacts-export', method: 'GET', path: '/api/contacts/{id}/export', entry: 'functions/contacts/export.ts', roles: ownerOnly, data: 'read' },
  ],
  // Retention runs out by itself (docs/privacy.md): the one function that may delete stored documents, run at night.
  backgroundFunctions: [
    { name: 'contacts-retention-purge', entry: 'functions/contacts/retention-purge.ts', data: 'read-write', deletes: true, originals: 'purge', timeoutSeconds: 900,
      trigger: { schedule: { hour: 3, minute: 15, timeZone: 'Europe/Berlin' }, description: 'Erases the restricted contacts whose retention has ended, with their contracts and documents' } },
  ],
  eventTypes: ['contact.created', 'contact.updated', 'contact.deleted', 'contact.restricted', 'contact.erased'],
  entities: { contact: { en: 'No contact has this id', de: 'Kein Kontakt hat diese ID' } },
  problemTypes: {
    'email-taken': { status: 409, title: { en: 'Email address is already in use', de: 'E-Mail-Adresse wird bereits verwendet' } },
    'contact-has-contracts': { status: 409, title: { en: 'Contact still has contracts', de: 'Kontakt hat noch Verträge' } },
    'contact-has-running-contracts': { status: 409, title: { en: 'Contracts of the contact still run', de: 'Verträge des Kontakts laufen noch' } },
  },
  sampleIds: { '/api/contacts': sampleContactId },
  sampleRequests: () => ({
    'contacts-list': { query: 'search=schmidt&limit=10' },
    'contacts-create': { body: anna },
    'contacts-replace': { body: { ...anna, phone: '+49 30 7654321' } },
    'contacts-erasure': { body: { reason: 'Asked by email on 2026-11-20 to erase her data' } },
  }),
} as const satisfies AreaDefinition;
