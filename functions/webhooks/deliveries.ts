import { bodyReply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';
import { DeliveryListQuery } from '#shared/webhooks/schema.ts';
import { listDeliveries } from '#shared/webhooks/store.ts';

export const handler = route('webhooks-deliveries', { query: DeliveryListQuery, reply: bodyReply }, ({ id, query }) =>
  listDeliveries(id, query),
);
