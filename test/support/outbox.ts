import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

/** Every message of a local outbox (`<DATA_DIR>/outbox/*.eml`), parsed; none while the folder does not exist yet. */
export const outboxMails = async (outbox: string): Promise<ParsedMail[]> => {
  let names: string[] = [];
  try {
    names = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(names.map((name) => simpleParser(readFileSync(join(outbox, name)))));
};
