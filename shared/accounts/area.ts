import type { AreaDefinition } from '../areas.ts';
import { anyRole, ownerOnly } from '../roles.ts';

// biome-ignore format: one route per line keeps the table readable
export const accountsArea = {
  name: 'accounts',
  language: 'en',
  docsTag: {
    name: 'Accounts',
    description:
      'The member’s account of each contract (docs/accounts.md): an append-only ledger of dues, debits, returns with the bank’s fee, payments at the counter, credits and write-offs; its balance and what is overdue. Staff read and record payments; owners grant credits and write off.',
  },
  routes: [
    { name: 'accounts-get', method: 'GET', path: '/api/contracts/{id}/account', entry: 'functions/accounts/get.ts', roles: anyRole, data: 'read-write' },
    { name: 'accounts-record-payment', method: 'POST', path: '/api/contracts/{id}/account/payments', entry: 'functions/accounts/record-payment.ts', roles: anyRole, data: 'read-write' },
    { name: 'accounts-credit', method: 'POST', path: '/api/contracts/{id}/account/credits', entry: 'functions/accounts/credit.ts', roles: ownerOnly, data: 'read-write' },
    { name: 'accounts-write-off', method: 'POST', path: '/api/contracts/{id}/account/write-offs', entry: 'functions/accounts/write-off.ts', roles: ownerOnly, data: 'read-write' },
  ],
  // `reminder.sent` and `account.handed-over` join with the reminders and the collection agency (a later slice).
  eventTypes: ['account.overdue', 'account.settled', 'payment.recorded'],
  entities: {},
  sampleIds: {},
  sampleRequests: () => ({
    'accounts-record-payment': {
      body: { amount: { amount: 5200, currency: 'EUR' }, paidOn: '2027-02-10', method: 'cash', reference: 'Quittung 0815' },
    },
    'accounts-credit': { body: { amount: { amount: 4900, currency: 'EUR' }, reason: 'Studio closed for two weeks in August' } },
    'accounts-write-off': { body: { amount: { amount: 300, currency: 'EUR' }, reason: 'Bank fee waived as a goodwill gesture' } },
  }),
} as const satisfies AreaDefinition;
