import type { Reply } from '../http/reply.ts';
import type { Account } from './schema.ts';

/** A booking's answer: 201 with the account as booked, which lives at `/api/contracts/{id}/account`. */
export const bookedReply = (account: Account): Reply => ({
  status: 201,
  body: account,
  headers: { location: `/api/contracts/${account.contractId}/account` },
});
