import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock.ts';
import { contractPartition } from '../contracts/keys.ts';
import { documentClient, tableName } from '../db/client.ts';
import { ConditionFailed } from '../db/errors.ts';
import { putNew, write } from '../db/write.ts';

/*
 * The notes that a contract's mail went out (the Kündigungsbestätigung, the confirmation of a contract signed at
 * home), one per mail, in the contract's partition, without the address. A mail is sent before its note is
 * written: a crash in between sends it again on the stream's retry (at least once, never lost); the stream's
 * reader handles a contract's events one after the other, so two runs never send at the same time.
 */

/** `what` names the mail: `termination_confirmation#<recordedAt>`, `signed_at_home`. */
export const mailNoteKey = (contractId: string, what: string) => ({
  pk: contractPartition(contractId),
  sk: `MAILED#${what}`,
});

export const wasMailed = async (contractId: string, what: string): Promise<boolean> => {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: mailNoteKey(contractId, what), ConsistentRead: true }),
  );
  return Item !== undefined;
};

export const noteMailed = async (contractId: string, what: string, messageId: string): Promise<void> => {
  const note = { ...mailNoteKey(contractId, what), entity: 'confirmationMail', sentAt: now().toISOString(), messageId };
  try {
    await write([putNew(note)]);
  } catch (error) {
    // Another run noted it first: the stream handed the record out twice and both sent (at least once, not never).
    if (!(error instanceof ConditionFailed)) throw error;
  }
};
