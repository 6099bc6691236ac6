import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailSender } from './mail-sender.ts';

/**
 * The part of an outbox file's name that stands for its recipient: the address's SHA-256, lower-cased first, in 16
 * hex digits. Erasing a person removes their messages by name (outbox-erasure.ts) without reading every message of
 * the outbox, which grows with everything ever mailed locally; the name holds no address.
 */
export const recipientKey = (address: string): string =>
  createHash('sha256').update(address.toLowerCase()).digest('hex').slice(0, 16);

/** The local stand-in for SES: each message becomes `<folder>/<id>.<recipient key>.eml`, as a mail client opens it. */
export const outboxSender = (folder: string): MailSender => ({
  send: async (message) => {
    await mkdir(folder, { recursive: true });
    const id = message.messageId.slice(0, message.messageId.indexOf('@'));
    await writeFile(join(folder, `${id}.${recipientKey(message.to)}.eml`), message.raw, { flag: 'wx' });
    return { messageId: message.messageId };
  },
});
