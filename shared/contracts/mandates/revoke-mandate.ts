import { now } from '../../clock.ts';
import { tableName } from '../../db/client.ts';
import { ConditionFailed, NotFound, WriteContention } from '../../db/errors.ts';
import { type WriteItem, write } from '../../db/write.ts';
import { Problem } from '../../http/problem.ts';
import { todayOf } from '../computed-dates.ts';
import { contractTexts } from '../texts.ts';
import type { MandateRevocationInput } from './mandate-revocation-schema.ts';
import type { Mandate, MandateStatus, MandateWithText } from './mandate-schema.ts';
import { getContractMandates, type StoredMandate, withMandateText } from './mandate-store.ts';

const maxAttempts = 5;

// Only a mandate that can still be used for a debit can be revoked; a replaced one already ended.
const revocable: readonly MandateStatus[] = ['pending', 'active'];

const notRevocable = (status: MandateStatus): Problem =>
  status === 'revoked'
    ? new Problem('conflict', contractTexts.localized('mandateAlreadyRevoked'))
    : new Problem('conflict', contractTexts.localized('mandateNotRevocable', status));

/** The mandate revoked, on condition that its status is still the one the decision was made on. */
const revocationWrite = ({ key, mandate }: StoredMandate, revoked: Mandate): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: key,
    UpdateExpression:
      'SET #status = :revoked, revokedAt = :revokedAt, revokedOn = :revokedOn, revocationReason = :reason',
    ConditionExpression: '#status = :previous',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':revoked': revoked.status,
      ':revokedAt': revoked.revokedAt,
      ':revokedOn': revoked.revokedOn,
      ':reason': revoked.revocationReason,
      ':previous': mandate.status,
    },
  },
});

/**
 * Widerruf: the debtor withdrew the contract's current mandate; no debit may be collected on it
 * afterwards. The contract itself is not changed: it is still owed, by another way of paying.
 */
export const revokeMandate = async (contractId: string, input: MandateRevocationInput): Promise<MandateWithText> => {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const { contract, mandates } = await getContractMandates(contractId);
    const current = mandates.at(-1);
    if (!current) throw new NotFound('mandate');
    if (!revocable.includes(current.mandate.status)) throw notRevocable(current.mandate.status);
    const at = now();
    const today = todayOf(contract, at);
    const revokedOn = input.revokedOn ?? today;
    if (revokedOn > today) {
      throw new Problem('validation-failed', contractTexts.localized('revokedInFutureDetail'), {
        errors: [{ path: 'revokedOn', message: contractTexts.localized('receivedInFuture', today) }],
      });
    }
    const revoked = withMandateText({
      ...current.mandate,
      status: 'revoked',
      revokedAt: at.toISOString(),
      revokedOn,
      revocationReason: input.reason,
    });
    try {
      // The event names the contract: its mandate is read through it (`GET /api/contracts/:id/mandate`).
      await write([revocationWrite(current, revoked)], {
        result: revoked,
        change: { type: 'mandate.revoked', id: contractId, version: contract.version },
      });
      return revoked;
    } catch (error) {
      // The mandate changed since it was read (revoked meanwhile): decide again on the fresh state.
      if (!(error instanceof ConditionFailed)) throw error;
    }
  }
  throw new WriteContention();
};
