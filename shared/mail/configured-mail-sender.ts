import { join } from 'node:path';
import type { MailSender } from './mail-sender.ts';
import { outboxSender } from './outbox-sender.ts';
import { sesSender } from './ses-sender.ts';

export interface MailTransport {
  sender: MailSender;
  /** The From address of every message. */
  from: string;
}

// Locally nothing is delivered, so any address does; `.invalid` can never be a real domain (RFC 2606).
const localFrom = 'vertraege@studio.invalid';

let transport: MailTransport | undefined;

/** SES in AWS (`MAIL_TRANSPORT=ses`, `MAIL_FROM` the verified identity); else `.eml` files in `<DATA_DIR>/outbox/`. */
export const configuredMailTransport = (): MailTransport => {
  if (transport) return transport;
  if (process.env.MAIL_TRANSPORT === 'ses') {
    const from = process.env.MAIL_FROM;
    if (!from) throw new Error('MAIL_TRANSPORT=ses needs MAIL_FROM, the SES identity to send from');
    transport = { sender: sesSender(from), from };
  } else {
    const folder = join(process.env.DATA_DIR ?? '.data', 'outbox');
    transport = { sender: outboxSender(folder), from: process.env.MAIL_FROM ?? localFrom };
  }
  return transport;
};
