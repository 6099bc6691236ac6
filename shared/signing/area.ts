import type { AreaDefinition } from '../areas.ts';
import { sampleSignature } from '../contracts/area.ts';
import { contractDocumentFiles } from '../documents/document-files.ts';
import { anyRole } from '../roles.ts';

/** What the signing page loads besides itself: the pad library, our own script and style, all self-hosted. */
export const signingPageFiles = [
  'node_modules/signature_pad/dist/signature_pad.umd.min.js',
  'shared/signing/page/sign-page.js',
  'shared/signing/page/sign-page.css',
] as const;

// What the tablet page sends: the one-time token from its link's fragment (43 characters of base64url).
const signingToken = { authorization: 'Signing SampleTokenOfTheSigningLinkOnTheTablet00000' };

// biome-ignore format: one route per line keeps the table readable
export const signingArea = {
  name: 'signing',
  language: 'de',
  docsTag: {
    name: 'Unterschrift am Tablet',
    description:
      'Unterschrift am Tresen: Ein Link mit QR-Code öffnet auf dem Tablet eine Seite, die den Vertrag zeigt und die Unterschrift annimmt. Der Link trägt statt eines Bearer-Tokens einen einmaligen Token (`Authorization: Signing <token>`).',
  },
  routes: [
    { name: 'signing-sessions-open', method: 'POST', path: '/api/contracts/{id}/signing-sessions', entry: 'functions/signing/open-session.ts', roles: anyRole, data: 'read-write', deletes: true, idempotentReplays: false, sendsMail: true },
    { name: 'signing-sessions-get', method: 'GET', path: '/api/contracts/{id}/signing-sessions/{sessionId}', entry: 'functions/signing/get-session.ts', roles: anyRole, data: 'read' },
    { name: 'signing-page', method: 'GET', path: '/api/sign', entry: 'functions/signing/page.ts', roles: 'public', data: 'none' },
    { name: 'signing-asset', method: 'GET', path: '/api/sign/{asset}', entry: 'functions/signing/asset.ts', roles: 'public', data: 'none', files: signingPageFiles },
    { name: 'signing-view', method: 'GET', path: '/api/signing', entry: 'functions/signing/view.ts', roles: 'public', data: 'read' },
    { name: 'signing-sign', method: 'POST', path: '/api/signing', entry: 'functions/signing/sign.ts', roles: 'public', data: 'read-write', sealing: 'sign' },
    { name: 'signing-sign-mandate', method: 'POST', path: '/api/signing/mandate', entry: 'functions/signing/sign-mandate.ts', roles: 'public', data: 'read-write', sealing: 'sign' },
    { name: 'signing-agree-amendment', method: 'POST', path: '/api/signing/amendment', entry: 'functions/signing/agree-amendment.ts', roles: 'public', data: 'read-write', sealing: 'sign' },
    { name: 'signing-decline-amendment', method: 'POST', path: '/api/signing/amendment/decline', entry: 'functions/signing/decline-amendment.ts', roles: 'public', data: 'read-write' },
    { name: 'signing-document', method: 'GET', path: '/api/signing/document', entry: 'functions/signing/document.ts', roles: 'public', data: 'read-write', sealing: 'sign', originals: 'store', files: contractDocumentFiles },
  ],
  eventTypes: [],
  entities: {
    signingSession: { en: 'The contract has no signing session with this id', de: 'Der Vertrag hat keine Unterschriftssitzung mit dieser ID' },
  },
  sampleIds: {},
  sampleRequests: () => ({
    'signing-sessions-open': { body: { role: 'customer', expiresInMinutes: 30 } },
    'signing-sessions-get': { parameters: { sessionId: '01JD5A2B3C4D5E6F7G8H9J0K1M' } },
    'signing-asset': { parameters: { asset: 'sign-page.js' } },
    'signing-view': { headers: signingToken },
    'signing-sign': {
      headers: signingToken,
      body: { documentHash: `sha256:${'0'.repeat(64)}`, ...sampleSignature },
    },
    'signing-sign-mandate': {
      headers: signingToken,
      body: { mandateHash: `sha256:${'0'.repeat(64)}`, ...sampleSignature },
    },
    'signing-agree-amendment': {
      headers: signingToken,
      body: { amendmentHash: `sha256:${'0'.repeat(64)}`, ...sampleSignature },
    },
    'signing-decline-amendment': { headers: signingToken, body: {} },
    'signing-document': { headers: signingToken },
  }),
} as const satisfies AreaDefinition;
