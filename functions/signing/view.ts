import { route } from '#shared/http/route.ts';
import type { SigningView } from '#shared/signing/schema.ts';
import { signingToken } from '#shared/signing/signing-token.ts';
import { signingView } from '#shared/signing/signing-view.ts';

export const handler = route(
  'signing-view',
  { caller: signingToken(['open']), reply: (view: SigningView) => ({ status: 200, body: view }) },
  ({ presented }) => signingView(presented),
);
