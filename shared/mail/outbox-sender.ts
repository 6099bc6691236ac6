import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailSender } from './mail-sender.ts';

/** The local stand-in for SES: each message becomes `<folder>/<id>.eml`, as a mail client would open it. */
export const outboxSender = (folder: string): MailSender => ({
  send: async (message) => {
    await mkdir(folder, { recursive: true });
    const id = message.messageId.slice(0, message.messageId.indexOf('@'));
    await writeFile(join(folder, `${id}.eml`), message.raw, { flag: 'wx' });
    return { messageId: message.messageId };
  },
});
