import { route } from '#shared/http/route.ts';
import { publicOrigin } from '#shared/signing/public-origin.ts';
import { signingToken } from '#shared/signing/signing-token.ts';
import { signingView } from '#shared/signing/signing-view.ts';
import type { SigningView } from '#shared/signing/view-schema.ts';

export const handler = route(
  'signing-view',
  { caller: signingToken(['open']), reply: (view: SigningView) => ({ status: 200, body: view }) },
  // The Belehrung names the „Vertrag widerrufen“ page (§ 356a BGB) on the origin the customer came to.
  ({ presented, event }) => signingView(presented, `${publicOrigin(event)}/api/widerrufen`),
);
