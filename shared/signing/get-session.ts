import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock.ts';
import { existingAmendment } from '../contracts/amendments/decide-amendment.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
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

/** The contract's steps: its own, signed once its role's signature exists, and the mandate's. */
const contractSteps = (
  contract: Pick<ContractWithSignatures, 'signatures'>,
  session: StoredSigningSession,
): SigningSessionStatus['steps'] => {
  const contractSigned = contract.signatures.some((signature) => signature.role === session.role);
  // Only the last step spends the token: with a mandate, `signedAt` is the mandate's signature.
  const steps: SigningSessionStatus['steps'] = [{ step: 'contract', status: contractSigned ? 'signed' : 'open' }];
  if (session.mandateHash !== null) steps.push({ step: 'mandate', status: session.signedAt ? 'signed' : 'open' });
  return steps;
};

/** An amendment's one step: how the token was spent, read from what the amendment became. */
const amendmentStep = async (session: StoredSigningSession): Promise<SigningSessionStatus['steps']> => {
  if (session.signedAt === null) return [{ step: 'amendment', status: 'open' }];
  const { amendment } = await existingAmendment(session.contractId, session.amendmentId as string);
  return [{ step: 'amendment', status: amendment.status === 'declined' ? 'declined' : 'signed' }];
};

/** The session and where its steps stand. */
export const getSigningSession = async (contractId: string, sessionId: string): Promise<SigningSessionStatus> => {
  const [contract, session] = await Promise.all([getExistingContract(contractId), findSession(contractId, sessionId)]);
  const steps = session.amendmentId === null ? contractSteps(contract, session) : await amendmentStep(session);
  const spent = session.signedAt !== null;
  const expired = !spent && now().getTime() >= Date.parse(session.validUntil);
  const declined = steps.some((step) => step.status === 'declined');
  return {
    id: session.id,
    contractId: session.contractId,
    role: session.role,
    channel: session.channel,
    createdAt: session.createdAt,
    expiresAt: session.validUntil,
    status: spent ? (declined ? 'declined' : 'signed') : expired ? 'expired' : 'open',
    steps,
    ...(session.amendmentId === null ? {} : { amendmentId: session.amendmentId }),
  };
};
