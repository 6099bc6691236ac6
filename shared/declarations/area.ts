import type { AreaDefinition } from '../areas.ts';
import { anyRole } from '../roles.ts';

/** What the two pages load besides themselves: our own script and style, self-hosted like the signing page's. */
export const declarationPageFiles = [
  'shared/declarations/page/declaration-page.js',
  'shared/declarations/page/declaration-page.css',
] as const;

export const sampleDeclarationId = '01JD000000000000000000000D';

const erika = { firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.com' };

// biome-ignore format: one route per line keeps the table readable
export const declarationsArea = {
  name: 'declarations',
  language: 'de',
  docsTag: {
    name: 'Kündigen und Widerrufen ohne Anmeldung',
    description:
      'Die Schaltflächen „Verträge hier kündigen“ (§ 312k BGB) und „Vertrag widerrufen“ (§ 356a BGB): öffentliche Seiten und ihre Erklärungen, ohne Anmeldung; die Erklärungen, die keinem Vertrag zugeordnet werden konnten, bearbeitet das Studio.',
  },
  routes: [
    { name: 'declarations-termination-page', method: 'GET', path: '/api/kuendigen', entry: 'functions/declarations/termination-page.ts', roles: 'public', data: 'none' },
    { name: 'declarations-withdrawal-page', method: 'GET', path: '/api/widerrufen', entry: 'functions/declarations/withdrawal-page.ts', roles: 'public', data: 'none' },
    { name: 'declarations-asset', method: 'GET', path: '/api/erklaerung/{asset}', entry: 'functions/declarations/asset.ts', roles: 'public', data: 'none', files: declarationPageFiles },
    { name: 'declarations-file-termination', method: 'POST', path: '/api/public/terminations', entry: 'functions/declarations/file-termination.ts', roles: 'public', data: 'read-write' },
    { name: 'declarations-file-withdrawal', method: 'POST', path: '/api/public/withdrawals', entry: 'functions/declarations/file-withdrawal.ts', roles: 'public', data: 'read-write' },
    { name: 'declarations-list', method: 'GET', path: '/api/declarations', entry: 'functions/declarations/list.ts', roles: anyRole, data: 'read' },
    { name: 'declarations-assign', method: 'POST', path: '/api/declarations/{id}/assignment', entry: 'functions/declarations/assign.ts', roles: anyRole, data: 'read-write' },
  ],
  // Reads the table's stream like documents-render, so that the public POST only stores and answers: matches each
  // declaration, records it, mails the confirmation (docs/declarations.md). The third reader of a shard where
  // DynamoDB advises two: its filter makes it cheap; should throttled reads show, it moves to the events' fan-out.
  backgroundFunctions: [
    { name: 'declarations-match', entry: 'functions/declarations/match.ts', data: 'read-write', sendsMail: true, timeoutSeconds: 60,
      trigger: {
        stream: ['declaration.received'],
        onFailure: { deadLetters: 'The declarations-match function gave up on declarations after 10 attempts (see "Declaration work failed" in its logs): they were neither matched nor confirmed by email. Fix the cause; the declarations wait in GET /api/declarations?status=unmatched, and their customers must get a confirmation.' },
      } },
  ],
  eventTypes: ['declaration.received'],
  entities: { declaration: { en: 'No declaration has this id', de: 'Keine Erklärung hat diese ID' } },
  problemTypes: {
    'declarations-rate-limited': { status: 429, title: { en: 'Too many declarations', de: 'Zu viele Erklärungen' } },
  },
  sampleIds: { '/api/declarations': sampleDeclarationId },
  sampleRequests: () => ({
    'declarations-asset': { parameters: { asset: 'declaration-page.js' } },
    'declarations-file-termination': { body: { ...erika, contractNumber: '2026-000001', kind: 'ordinary', endsOn: 'earliest' } },
    'declarations-file-withdrawal': { body: { ...erika, contractNumber: '2026-000001' } },
    'declarations-list': { query: 'status=unmatched&limit=10' },
    'declarations-assign': { body: { contractId: '01JD0000000000000000000002' } },
  }),
} as const satisfies AreaDefinition;
