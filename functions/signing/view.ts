import { route } from '#shared/http/route.ts';
import { withdrawalPageUrl } from '#shared/signing/public-origin.ts';
import { signingToken } from '#shared/signing/signing-token.ts';
import { signingView } from '#shared/signing/signing-view.ts';
import type { SigningView } from '#shared/signing/view-schema.ts';

export const handler = route(
  'signing-view',
  { caller: signingToken(['open']), reply: (view: SigningView) => ({ status: 200, body: view }) },
  // The Belehrung names the „Vertrag widerrufen“ page (§ 356a BGB) as the signed original will.
  ({ presented }) => signingView(presented, withdrawalPageUrl()),
);
