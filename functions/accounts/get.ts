import { getAccount } from '#shared/accounts/record-payment.ts';
import { entityTag } from '#shared/http/if-match.ts';
import { route } from '#shared/http/route.ts';

export const handler = route(
  'accounts-get',
  { reply: ({ account, sequence }) => ({ status: 200, body: account, headers: { etag: entityTag(sequence) } }) },
  ({ id }) => getAccount(id),
);
