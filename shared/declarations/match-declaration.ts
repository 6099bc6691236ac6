import type { StreamRecordHandler } from '../background/stream-function.ts';
import { now } from '../clock.ts';
import { normalizeEmail } from '../contacts/entity.ts';
import { getContact } from '../contacts/store.ts';
import { getExistingContract } from '../contracts/store.ts';
import { ConditionFailed } from '../db/errors.ts';
import { logger } from '../http/logger.ts';
import { Problem } from '../http/problem.ts';
import { configuredMailTransport } from '../mail/configured-mail-sender.ts';
import { buildMimeMessage } from '../mail/mime-message.ts';
import { getStudioProfile } from '../studio/store.ts';
import { confirmationMail } from './confirmation-mail.ts';
import { findDeclaredContract } from './find-contract.ts';
import { customerOnline, recordDeclaration } from './record-declaration.ts';
import type { StoredDeclaration } from './schema.ts';
import { getExistingDeclaration, writeDeclaration } from './store.ts';

/*
 * The declarations' share of the outbox (docs/declarations.md): each `declaration.received` is matched, a match
 * recorded, and the confirmation mailed, here and not in the request, so that the public answer never depends
 * on whether anything matched. Each step is decided once (the declaration's version is the condition), so a
 * record handed out twice by the stream changes nothing; only a mail whose sending crashed before it was noted
 * can go out twice, which is better than not at all.
 */

const decide = async (declaration: StoredDeclaration): Promise<void> => {
  const checkedAt = now().toISOString();
  const contract = await findDeclaredContract(declaration.declaration);
  try {
    if (contract) {
      await recordDeclaration(declaration, contract.id, { status: 'matched', checkedAt }, customerOnline);
      return;
    }
  } catch (error) {
    // The contract cannot take it (not signed, already terminated, ends by itself, no right of withdrawal, too
    // late): staff decide.
    if (error instanceof Problem) logger.info('Declaration not recordable', { id: declaration.id, code: error.code });
    else if (error instanceof ConditionFailed)
      return; // staff decided first
    else throw error;
  }
  try {
    await writeDeclaration(declaration, { checkedAt });
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
};

const sendConfirmations = async (declaration: StoredDeclaration): Promise<void> => {
  const transport = configuredMailTransport();
  const studio = await getStudioProfile();
  const matched = declaration.contractId ? declaration.endsOn : null;
  const send = (to: string, toContactOnFile: boolean) =>
    buildMimeMessage(
      confirmationMail({ from: transport.from, to, declaration, studio, endsOn: matched, toContactOnFile }),
    ).then((message) => transport.sender.send(message));
  await send(declaration.declaration.email, false);
  if (declaration.contractId) {
    const contact = await getContact((await getExistingContract(declaration.contractId)).contactId);
    if (contact?.email && normalizeEmail(contact.email) !== normalizeEmail(declaration.declaration.email)) {
      await send(contact.email, true);
    }
  }
  const confirmedAt = now().toISOString();
  await writeDeclaration(declaration, { confirmedAt }).catch(async (error: unknown) => {
    // Staff assigned it meanwhile: note the confirmation on the fresh version rather than mail it again.
    if (!(error instanceof ConditionFailed)) throw error;
    await writeDeclaration(await getExistingDeclaration(declaration.id), { confirmedAt });
  });
};

/** Matches, records and confirms one declaration; whatever is done already is not done again. */
export const matchDeclaration = async (id: string): Promise<void> => {
  let declaration = await getExistingDeclaration(id);
  if (declaration.checkedAt === null && declaration.status === 'unmatched') {
    await decide(declaration);
    declaration = await getExistingDeclaration(id);
  }
  if (declaration.confirmedAt === null) await sendConfirmations(declaration);
};

/** The declarations' record handler: each `declaration.received` is matched, recorded and confirmed. */
export const declarationRecords: StreamRecordHandler<undefined> = {
  handle: async (event) => {
    if (event.type === 'declaration.received') await matchDeclaration(event.data.id);
  },
  failure: 'Declaration work failed',
};
