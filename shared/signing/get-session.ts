import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock.ts';
import { getExistingContract } from '../contracts/store.ts';
import { documentClient, tableName } from '../db/client.ts';
import { NotFound } from '../db/errors.ts';
import { signingSessionFromItem, signingSessionKey } from './entity.ts';
import { currentSessionKey } from './keys.ts';
import type { StoredSigningSession } from './schema.ts';
import type { SigningSessionStatus } from './session-status-schema.ts';

/**
 * A session of a contract by its id. Sessions are keyed by their token's hash; the contract's pointers (one
 * per role) name the current ones, so one Query of the contract's pointers finds it. A replaced session was
 * deleted with its token, and an expired one goes with its time to live: both are 404, as an unknown id.
 */
const findSession = async (contractId: string, sessionId: string): Promise<StoredSigningSession> => {
  const { pk } = currentSessionKey(contractId, 'customer');
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  const pointer = Items.find((item) => item.sessionId === sessionId);
  if (typeof pointer?.tokenHash !== 'string') throw new NotFound('signingSession');
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: signingSessionKey(pointer.tokenHash), ConsistentRead: true }),
  );
  if (!Item) throw new NotFound('signingSession');
  return signingSessionFromItem(Item);
};

/** The session and where its steps stand; the contract's step is signed once its role's signature exists. */
export const getSigningSession = async (contractId: string, sessionId: string): Promise<SigningSessionStatus> => {
  const [contract, session] = await Promise.all([getExistingContract(contractId), findSession(contractId, sessionId)]);
  const contractSigned = contract.signatures.some((signature) => signature.role === session.role);
  // Only the last step spends the token: with a mandate, `signedAt` is the mandate's signature.
  const spent = session.signedAt !== null;
  const steps: SigningSessionStatus['steps'] = [{ step: 'contract', status: contractSigned ? 'signed' : 'open' }];
  if (session.mandateHash !== null) steps.push({ step: 'mandate', status: spent ? 'signed' : 'open' });
  const expired = !spent && now().getTime() >= Date.parse(session.validUntil);
  return {
    id: session.id,
    contractId: session.contractId,
    role: session.role,
    channel: session.channel,
    createdAt: session.createdAt,
    expiresAt: session.validUntil,
    status: spent ? 'signed' : expired ? 'expired' : 'open',
    steps,
  };
};
