import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { contractKey } from '../contracts/entity.ts';
import { documentClient, tableName } from '../db/client.ts';
import { versionCheck } from '../db/versioned.ts';
import { putNew, type WriteItem } from '../db/write.ts';
import { copyWindowMs, currentSessionItem, signingSessionItem, signingSessionKey } from './entity.ts';
import type { StoredSigningSession } from './schema.ts';

/*
 * What opening a session and signing in it read and write. A session is found
 * by its token's hash; the pointer of a contract and role names the current one
 * (entity.ts). Finding the session of a presented token stays in
 * find-session.ts: the read-only functions (page, view, copy) import that, and
 * importing this module would add the write path to their bundles.
 */

/** The token hash of the current session a pointer names (a contract's in a role, or an amendment's), if one was opened. */
export const currentTokenHash = async (pointer: { pk: string; sk: string }): Promise<string | undefined> => {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: pointer, ConsistentRead: true }),
  );
  return typeof Item?.tokenHash === 'string' ? Item.tokenHash : undefined;
};

/**
 * A new session: the session, the pointer to it (on condition that it still
 * names `previousHash`, the session read as current, or none), a check that
 * the contract is still at `contractVersion` (and whatever else the opening
 * read must still hold: `unchanged`), and the end of the session it replaces:
 * deleting it means its token no longer finds anything.
 */
export const sessionOpeningWrites = (
  session: StoredSigningSession,
  tokenHash: string,
  previousHash: string | undefined,
  contractVersion: number,
  unchanged: readonly WriteItem[] = [],
): WriteItem[] => [
  putNew(signingSessionItem(tokenHash, session)),
  previousHash === undefined
    ? putNew(currentSessionItem(session, tokenHash))
    : {
        Put: {
          TableName: tableName(),
          Item: currentSessionItem(session, tokenHash),
          ConditionExpression: 'tokenHash = :previous',
          ExpressionAttributeValues: { ':previous': previousHash },
        },
      },
  versionCheck(contractKey(session.contractId), contractVersion),
  ...unchanged,
  ...(previousHash === undefined ? [] : [{ Delete: { TableName: tableName(), Key: signingSessionKey(previousHash) } }]),
];

/**
 * A step of a session, in the step's own transaction: conditional on the session still existing
 * (not replaced), unused and unexpired at `at`. The `last` step spends the token (afterwards it
 * fetches the copy for a while); an earlier one leaves it open for the next.
 */
export const tokenUse = (tokenHash: string, at: Date, last: boolean): WriteItem => {
  const check = {
    TableName: tableName(),
    Key: signingSessionKey(tokenHash),
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(signedAt) AND validUntil > :at',
  };
  const values = { ':at': at.toISOString() };
  if (!last) return { ConditionCheck: { ...check, ExpressionAttributeValues: values } };
  return {
    Update: {
      ...check,
      UpdateExpression: 'SET signedAt = :at, expiresAt = :copyUntil',
      ExpressionAttributeValues: { ...values, ':copyUntil': Math.ceil((at.getTime() + copyWindowMs) / 1000) },
    },
  };
};
