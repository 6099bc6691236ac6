import type { AreaDefinition } from '../areas.ts';
import { sampleContactId } from '../contacts/area.ts';
import { contractDocumentFiles } from '../documents/document-files.ts';
import { anyRole, ownerOnly } from '../roles.ts';
import { sampleServiceId } from '../services/area.ts';

export const sampleContractId = '01JD0000000000000000000002';
/** The id every sample request of one amendment names. */
export const sampleAmendmentId = '01JD0000000000000000000011';

// A 1×1 PNG, the smallest signature image the sign routes take.
export const sampleSignature = {
  signerName: 'Erika Mustermann',
  signatureImage:
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  consent: true,
} as const;

// biome-ignore format: one route per line keeps the table readable
export const contractsArea = {
  name: 'contracts',
  language: 'de',
  docsTag: {
    name: 'Verträge',
    description:
      'Verträge zwischen dem Studio und einem Kontakt, digital unterschrieben, gesiegelt und nach den Regeln des BGB gekündigt.',
  },
  routes: [
    { name: 'contracts-list', method: 'GET', path: '/api/contracts', entry: 'functions/contracts/list.ts', roles: anyRole, data: 'read' },
    { name: 'contracts-create', method: 'POST', path: '/api/contracts', entry: 'functions/contracts/create.ts', roles: anyRole, data: 'read-write', timeoutSeconds: 25 },
    { name: 'contracts-get', method: 'GET', path: '/api/contracts/{id}', entry: 'functions/contracts/get.ts', roles: anyRole, data: 'read' },
    { name: 'contracts-sign', method: 'POST', path: '/api/contracts/{id}/signatures', entry: 'functions/contracts/sign.ts', roles: anyRole, data: 'read-write', sealing: 'sign' },
    { name: 'contracts-verify', method: 'GET', path: '/api/contracts/{id}/verification', entry: 'functions/contracts/verify.ts', roles: anyRole, data: 'read', sealing: 'verify' },
    { name: 'contracts-document', method: 'GET', path: '/api/contracts/{id}/document', entry: 'functions/contracts/document.ts', roles: anyRole, data: 'read-write', sealing: 'sign', originals: 'store', files: contractDocumentFiles },
    { name: 'contracts-send-copy', method: 'POST', path: '/api/contracts/{id}/copies', entry: 'functions/contracts/send-copy.ts', roles: anyRole, data: 'read-write', sealing: 'sign', originals: 'store', sendsMail: true, files: contractDocumentFiles },
    { name: 'contracts-cancel', method: 'POST', path: '/api/contracts/{id}/cancellation', entry: 'functions/contracts/cancel.ts', roles: ownerOnly, data: 'read-write' },
    { name: 'contracts-termination-preview', method: 'GET', path: '/api/contracts/{id}/termination-preview', entry: 'functions/contracts/termination-preview.ts', roles: anyRole, data: 'read' },
    { name: 'contracts-terminate', method: 'POST', path: '/api/contracts/{id}/termination', entry: 'functions/contracts/terminate.ts', roles: anyRole, data: 'read-write' },
    { name: 'contracts-get-mandate', method: 'GET', path: '/api/contracts/{id}/mandate', entry: 'functions/contracts/get-mandate.ts', roles: anyRole, data: 'read' },
    { name: 'contracts-list-mandates', method: 'GET', path: '/api/contracts/{id}/mandates', entry: 'functions/contracts/list-mandates.ts', roles: anyRole, data: 'read' },
    { name: 'contracts-dues', method: 'GET', path: '/api/contracts/{id}/dues', entry: 'functions/contracts/dues.ts', roles: anyRole, data: 'read' },
    { name: 'contracts-add-mandate', method: 'POST', path: '/api/contracts/{id}/mandates', entry: 'functions/contracts/add-mandate.ts', roles: anyRole, data: 'read-write' },
    { name: 'contracts-sign-mandate', method: 'POST', path: '/api/contracts/{id}/mandate/signature', entry: 'functions/contracts/sign-mandate.ts', roles: anyRole, data: 'read-write', sealing: 'sign' },
    { name: 'contracts-revoke-mandate', method: 'POST', path: '/api/contracts/{id}/mandate/revocation', entry: 'functions/contracts/revoke-mandate.ts', roles: ownerOnly, data: 'read-write' },
    { name: 'contracts-record-withdrawal', operationId: 'contracts-withdraw', method: 'POST', path: '/api/contracts/{id}/withdrawal', entry: 'functions/contracts/record-withdrawal.ts', roles: anyRole, data: 'read-write' },
    { name: 'contracts-offer-amendment', method: 'POST', path: '/api/contracts/{id}/amendments', entry: 'functions/contracts/offer-amendment.ts', roles: anyRole, data: 'read-write' },
    { name: 'contracts-list-amendments', method: 'GET', path: '/api/contracts/{id}/amendments', entry: 'functions/contracts/list-amendments.ts', roles: anyRole, data: 'read' },
    { name: 'contracts-get-amendment', method: 'GET', path: '/api/contracts/{id}/amendments/{amendmentId}', entry: 'functions/contracts/get-amendment.ts', roles: anyRole, data: 'read' },
    { name: 'contracts-sign-amendment', method: 'POST', path: '/api/contracts/{id}/amendments/{amendmentId}/signature', entry: 'functions/contracts/sign-amendment.ts', roles: anyRole, data: 'read-write', sealing: 'sign' },
    { name: 'contracts-decline-amendment', method: 'POST', path: '/api/contracts/{id}/amendments/{amendmentId}/decline', entry: 'functions/contracts/decline-amendment.ts', roles: anyRole, data: 'read-write' },
    { name: 'contracts-cancel-amendment', method: 'POST', path: '/api/contracts/{id}/amendments/{amendmentId}/cancellation', entry: 'functions/contracts/cancel-amendment.ts', roles: anyRole, data: 'read-write' },
    { name: 'contracts-end-pause-early', method: 'POST', path: '/api/contracts/{id}/amendments/{amendmentId}/early-end', entry: 'functions/contracts/end-pause-early.ts', roles: anyRole, data: 'read-write' },
    { name: 'contracts-amendment-document', method: 'GET', path: '/api/contracts/{id}/amendments/{amendmentId}/document', entry: 'functions/contracts/amendment-document.ts', roles: anyRole, data: 'read-write', sealing: 'sign', originals: 'store', files: contractDocumentFiles },
    { name: 'contracts-retract-termination', operationId: 'contracts-withdraw-termination', method: 'DELETE', path: '/api/contracts/{id}/termination', entry: 'functions/contracts/retract-termination.ts', roles: ownerOnly, data: 'read-write' },
  ],
  eventTypes: [
    'contract.created',
    'contract.signed',
    'contract.cancelled',
    'contract.terminated',
    'contract.termination_withdrawn',
    'contract.withdrawn',
    'contract.copy_sent',
    'mandate.signed',
    'mandate.revoked',
    'amendment.offered',
    'amendment.agreed',
    'amendment.declined',
    'amendment.cancelled',
    'pause.ended-early',
  ],
  entities: {
    contract: { en: 'No contract has this id', de: 'Kein Vertrag hat diese ID' },
    mandate: { en: 'The contract has no SEPA mandate', de: 'Der Vertrag hat kein SEPA-Lastschriftmandat' },
    amendment: { en: 'The contract has no amendment with this id', de: 'Der Vertrag hat keine Änderungsvereinbarung mit dieser ID' },
  },
  problemTypes: {
    'studio-profile-missing': { status: 422, title: { en: 'The studio profile has not been set yet', de: 'Das Studioprofil fehlt noch' } },
    'sepa-creditor-missing': { status: 422, title: { en: 'The studio has no SEPA creditor data yet', de: 'Die SEPA-Gläubigerdaten des Studios fehlen noch' } },
  },
  sampleIds: { '/api/contracts': sampleContractId },
  sampleRequests: () => ({
    'contracts-list': { query: `contactId=${sampleContactId}&status=signed&limit=10` },
    'contracts-create': {
      body: {
        contactId: sampleContactId,
        items: [{ serviceId: sampleServiceId, quantity: 1 }],
        startDate: '2026-12-01',
        minimumTermMonths: 12,
        renewal: 'indefinite',
        noticePeriod: { value: 1, unit: 'month' },
        terms: 'Es gelten die Hausregeln des Studios.',
        directDebit: { accountHolder: 'Erika Mustermann', iban: 'DE02120300000000202051' },
      },
    },
    'contracts-sign': {
      body: { role: 'customer', documentHash: `sha256:${'0'.repeat(64)}`, ...sampleSignature },
    },
    'contracts-send-copy': { body: {} },
    'contracts-cancel': { body: { reason: 'Umzug ins Ausland' } },
    // Without receivedOn: the day of receipt is then today, and a termination received in the future is a 400.
    'contracts-terminate': { body: { kind: 'ordinary' } },
    // Without receivedOn: the day of receipt is then today.
    'contracts-record-withdrawal': { body: {} },
    // Two years of monthly dues: the 24 months issue 22's bench measures.
    'contracts-dues': { query: 'from=2026-12-01&to=2028-11-30' },
    'contracts-add-mandate': { body: { accountHolder: 'Erika Mustermann', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' } },
    'contracts-sign-mandate': { body: { mandateHash: `sha256:${'0'.repeat(64)}`, ...sampleSignature } },
    // Without revokedOn: the day of the revocation is then today.
    'contracts-revoke-mandate': { body: { reason: 'Widerruf durch den Kontoinhaber' } },
    // A fortnight's holiday in the sample contract's first year, the term extended by it.
    'contracts-offer-amendment': {
      body: { kind: 'pause', effectiveFrom: '2027-03-10', lastDay: '2027-03-23', reason: 'holiday', monthlyFee: { amount: 500, currency: 'EUR' }, extendsTerm: true },
    },
    'contracts-get-amendment': { parameters: { amendmentId: sampleAmendmentId } },
    'contracts-sign-amendment': { parameters: { amendmentId: sampleAmendmentId }, body: { amendmentHash: `sha256:${'0'.repeat(64)}`, ...sampleSignature } },
    'contracts-decline-amendment': { parameters: { amendmentId: sampleAmendmentId }, body: {} },
    'contracts-cancel-amendment': { parameters: { amendmentId: sampleAmendmentId }, body: { reason: 'Angebot versehentlich erstellt' } },
    'contracts-end-pause-early': { parameters: { amendmentId: sampleAmendmentId }, body: { lastDay: '2027-03-16' } },
    'contracts-amendment-document': { parameters: { amendmentId: sampleAmendmentId } },
  }),
} as const satisfies AreaDefinition;
