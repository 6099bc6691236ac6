import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { recipientKey } from './outbox-sender.ts';

// The header fields that address a message; Reply-To and From name the studio, never the person.
const recipientFields = new Set(['to', 'cc', 'bcc']);

/**
 * The addresses a message is sent to, lower-cased, from its header: folded lines joined (RFC 5322 § 2.2.3), each
 * recipient field parsed as an address list, so `erin@example.com` is not `xerin@example.com` nor
 * `erin@example.com.au`, and an address quoted in the text or the attachment addresses nothing.
 */
const recipientsOf = async (message: string): Promise<string[]> => {
  // Only an older outbox's messages are read: the parser is loaded for them alone.
  const { default: addressparser } = await import('nodemailer/lib/addressparser');
  const header = message.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const fields = header.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  return fields.flatMap((field) => {
    const colon = field.indexOf(':');
    if (colon < 0 || !recipientFields.has(field.slice(0, colon).trim().toLowerCase())) return [];
    return addressparser(field.slice(colon + 1), { flatten: true }).map(({ address }) => address.toLowerCase());
  });
};

// A message written before the names held their recipient's key (`<id>.eml`): read to find its recipients.
const unkeyedName = /^[^.]+\.eml$/;

/**
 * Removes the local outbox's messages (`<DATA_DIR>/outbox/*.eml`, see configured-mail-sender.ts) addressed to
 * the address: erasing a person erases the copies mailed to them too, and no one else's. A message is found by its
 * name's recipient key; one of an older outbox without it, by its header. SES keeps no message once sent, so in AWS
 * there is nothing to remove. Safe to repeat: a removed message stays removed.
 */
export const eraseOutboxMailsTo = async (address: string): Promise<number> => {
  if (process.env.MAIL_TRANSPORT === 'ses') return 0;
  const folder = join(process.env.DATA_DIR ?? '.data', 'outbox');
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const person = address.toLowerCase();
  const keyed = `.${recipientKey(person)}.eml`;
  const addressedTo = async (path: string, name: string) =>
    name.endsWith(keyed) ||
    (unkeyedName.test(name) && (await recipientsOf(await readFile(path, 'utf8').catch(() => ''))).includes(person));
  let removed = 0;
  for (const name of names) {
    const path = join(folder, name);
    if (!(await addressedTo(path, name))) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
};
