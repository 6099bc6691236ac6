import type { SigningView } from '#shared/signing/schema.ts';
import { signingRoute } from '#shared/signing/signing-route.ts';
import { signingView } from '#shared/signing/signing-view.ts';

export const handler = signingRoute(
  'signing-view',
  { accepts: ['open'], reply: (view: SigningView) => ({ status: 200, body: view }) },
  ({ presented }) => signingView(presented),
);
