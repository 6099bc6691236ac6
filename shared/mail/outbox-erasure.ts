import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Removes the local outbox's messages (`<DATA_DIR>/outbox/*.eml`, see configured-mail-sender.ts) that name the
 * address: erasing a person erases the copies mailed to them too. SES keeps no message once sent, so in AWS
 * there is nothing to remove. Safe to repeat: a removed message stays removed.
 */
export const eraseOutboxMailsTo = async (address: string): Promise<number> => {
  if (process.env.MAIL_TRANSPORT === 'ses') return 0;
  const folder = join(process.env.DATA_DIR ?? '.data', 'outbox');
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const needle = address.toLowerCase();
  let removed = 0;
  for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
    const path = join(folder, name);
    const message = await readFile(path, 'utf8').catch(() => '');
    if (!message.toLowerCase().includes(needle)) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
};
