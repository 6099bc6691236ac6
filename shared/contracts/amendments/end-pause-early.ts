import { now } from '../../clock.ts';
import { ConditionFailed, WriteContention } from '../../db/errors.ts';
import { write } from '../../db/write.ts';
import { Problem } from '../../http/problem.ts';
import { localized } from '../../messages/index.ts';
import { todayOf } from '../computed-dates.ts';
import { addDays, type CalendarDate, laterOf } from '../dates.ts';
import { amendmentTexts } from '../texts.ts';
import type { Amendment } from './amendment-schema.ts';
import { earlyEndWrites } from './amendment-writes.ts';
import { existingAmendment } from './decide-amendment.ts';
import { inForceOnContract, pauseInForce } from './in-force.ts';

const maxAttempts = 5;

/**
 * A pause ended early at the customer's wish (docs/amendments.md, "Early end"): dues resume the day after
 * `lastDay`, and an extension of the term shrinks to the days actually paused. The agreed last day stays as
 * signed; the early end is kept beside it.
 */
export const endPauseEarly = async (
  contractId: string,
  amendmentId: string,
  lastDay: CalendarDate,
  recordedBy: string,
): Promise<Amendment> => {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const { contract, amendments, amendment } = await existingAmendment(contractId, amendmentId);
    const at = now();
    if (amendment.kind !== 'pause') throw new Problem('conflict', amendmentTexts.localized('notAPause'));
    if (amendment.status !== 'agreed') {
      throw new Problem('conflict', amendmentTexts.localized('pauseNotAgreed', amendment.status));
    }
    const current = pauseInForce(amendment);
    const earliest = laterOf(addDays(todayOf(contract, at), -1), current.from);
    const latest = addDays(current.lastDay, -1);
    if (lastDay < earliest || lastDay > latest) {
      throw new Problem('validation-failed', localized('validation.invalidFields', 'body', 1), {
        errors: [{ path: 'lastDay', message: amendmentTexts.localized('earlyEndRange', earliest, latest) }],
      });
    }
    const recordedAt = at.toISOString();
    const next: Amendment = {
      ...amendment,
      endedEarly: { lastDay, recordedAt, recordedBy },
      updatedAt: recordedAt,
      version: amendment.version + 1,
    };
    const inForce = inForceOnContract(amendments.map((candidate) => (candidate.id === next.id ? next : candidate)));
    try {
      await write(
        earlyEndWrites(next, { id: contract.id, version: contract.version + 1, updatedAt: recordedAt }, inForce),
        {
          result: next,
          change: { type: 'pause.ended-early', id: next.id, version: next.version },
        },
      );
      return next;
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
    }
  }
  throw new WriteContention();
};
