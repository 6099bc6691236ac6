import * as v from 'valibot';
import { schemaMessage } from '../../messages/index.ts';
import { optionalText, requiredText } from '../../schema/fields.ts';
import { timestamp, userSub } from '../../schema/record.ts';
import { calendarDay, dateRecord } from '../fields.ts';
import { contractTexts } from '../texts.ts';

/* How a contract ends early: its cancellation („Stornierung“) and its termination („Kündigung“). */

/** Body of `POST /api/contracts/:id/cancellation`: „Stornierung“ of an unsigned offer. */
export const CancellationInput = v.strictObject({ reason: requiredText(2000) });

export const terminationKinds = ['ordinary', 'extraordinary'] as const;
export type TerminationKind = (typeof terminationKinds)[number];

const requiredForExtraordinary = contractTexts.schemaMessage('requiredForExtraordinary');

/** Body of `POST /api/contracts/:id/termination`: „Kündigung“ of a signed contract (docs/decisions.md, "Termination"). */
export const TerminationInput = v.pipe(
  v.strictObject({
    kind: v.optional(v.picklist(terminationKinds, schemaMessage('field.oneOf', terminationKinds)), 'ordinary'),
    receivedOn: v.optional(v.nullable(calendarDay()), null),
    endsOn: v.optional(v.nullable(calendarDay()), null),
    reason: optionalText(2000),
  }),
  // § 314 BGB: a termination without notice needs a compelling reason, and names its own end.
  v.forward(
    v.partialCheck(
      [['kind'], ['reason']],
      (input) => input.kind !== 'extraordinary' || input.reason !== null,
      requiredForExtraordinary,
    ),
    ['reason'],
  ),
  v.forward(
    v.partialCheck(
      [['kind'], ['endsOn']],
      (input) => input.kind !== 'extraordinary' || input.endsOn !== null,
      requiredForExtraordinary,
    ),
    ['endsOn'],
  ),
);
export type TerminationInput = v.InferOutput<typeof TerminationInput>;

/** Query of `GET /api/contracts/:id/termination-preview`. */
export const TerminationPreviewQuery = v.strictObject({ receivedOn: v.optional(calendarDay()) });

/** A recorded termination: when the notice arrived, when the contract ends, and who recorded it. */
export const TerminationRecord = v.object({
  kind: v.picklist(terminationKinds),
  receivedOn: dateRecord(),
  endsOn: dateRecord(),
  reason: v.nullable(v.string()),
  recordedAt: timestamp(),
  /** The `sub` of the user who recorded the termination. */
  recordedBy: userSub(),
});
export type Termination = v.InferOutput<typeof TerminationRecord>;
