import type { AreaDefinition } from '../areas.ts';
import { anyRole, ownerOnly } from '../roles.ts';

// biome-ignore format: one route per line keeps the table readable
export const studioArea = {
  name: 'studio',
  language: 'en',
  docsTag: {
    name: 'Studio',
    description:
      'The studio’s own profile: its identity as a contract party. Contracts cannot be created before it is set (422 `studio-profile-missing`).',
  },
  routes: [
    { name: 'studio-get', method: 'GET', path: '/api/studio', entry: 'functions/studio/get.ts', roles: anyRole, data: 'read' },
    { name: 'studio-put', method: 'PUT', path: '/api/studio', entry: 'functions/studio/put.ts', roles: ownerOnly, data: 'read-write' },
  ],
  eventTypes: ['studio.updated'],
  entities: {
    studio: { en: 'The studio profile has not been set yet (PUT /api/studio)', de: 'Es gibt noch kein Studioprofil (PUT /api/studio)' },
  },
  sampleIds: {},
  sampleRequests: () => ({
    'studio-put': {
      body: {
        legalName: 'Studio Mitte GmbH',
        address: { street: 'Invalidenstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
        email: 'kontakt@studio-mitte.example',
        phone: '+49 30 9876543',
        website: 'https://studio-mitte.example',
        vatId: 'DE123456789',
        registerEntry: 'Amtsgericht Charlottenburg, HRB 123456 B',
        representedBy: 'Erika Mustermann',
        timeZone: 'Europe/Berlin',
        sepa: { creditorId: 'DE98ZZZ09999999999', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', preNotificationDays: 14 },
      },
    },
  }),
} as const satisfies AreaDefinition;
