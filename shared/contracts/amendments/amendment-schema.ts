import * as v from 'valibot';
import { money } from '../../schema/fields.ts';
import { listEnvelope, recordId, recordVersion, timestamp, userSub } from '../../schema/record.ts';
import { SealRecord } from '../../signatures/schema.ts';
import { dateRecord, documentHash } from '../fields.ts';
import { ContractItemRecord } from '../schema.ts';
import {
  type AmendmentKind,
  type AmendmentStatus,
  amendmentKinds,
  amendmentStatuses,
  pauseReasons,
} from './in-force-schema.ts';

/* Amendments of a running contract (docs/amendments.md): what an offer asks for, what is kept, how it is signed. */

export { type AmendmentKind, type AmendmentStatus, amendmentKinds, amendmentStatuses, pauseReasons };

/** The customer's signature of an amendment: §4's evidence and seal. */
export const AmendmentSignatureRecord = v.object({
  id: recordId(),
  signerName: v.string(),
  amendmentHash: documentHash(),
  signedAt: timestamp(),
  ipAddress: v.string(),
  userAgent: v.string(),
  imageSha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  seal: SealRecord,
});
export type AmendmentSignature = v.InferOutput<typeof AmendmentSignatureRecord>;

/** A pause ended early at the customer's wish: the agreed `lastDay` stays as signed, this one counts. */
export const EarlyEndRecord = v.object({ lastDay: dateRecord(), recordedAt: timestamp(), recordedBy: userSub() });

/** An amendment as kept and answered. The kind's fields are null for the other kinds. */
export const AmendmentRecord = v.object({
  id: recordId(),
  contractId: v.string(),
  number: v.pipe(v.string(), v.regex(/^\d{4}-\d{6}-A\d+$/)),
  kind: v.picklist(amendmentKinds),
  status: v.picklist(amendmentStatuses),
  effectiveFrom: dateRecord(),
  offerExpiresOn: dateRecord(),
  // pause
  lastDay: v.nullable(dateRecord()),
  reason: v.nullable(v.picklist(pauseReasons)),
  reasonText: v.nullable(v.string()),
  monthlyFee: v.nullable(money()),
  extendsTerm: v.nullable(v.boolean()),
  // price and items: the items as they are from `effectiveFrom` on
  items: v.nullable(v.array(ContractItemRecord)),
  /** The contract's document hash when offered: what is changed. */
  documentHash: documentHash(),
  amendmentHash: documentHash(),
  offeredAt: timestamp(),
  offeredBy: userSub(),
  signature: v.nullable(AmendmentSignatureRecord),
  agreedAt: v.nullable(timestamp()),
  declinedAt: v.nullable(timestamp()),
  declineReason: v.nullable(v.string()),
  cancelledAt: v.nullable(timestamp()),
  cancellationReason: v.nullable(v.string()),
  endedEarly: v.nullable(EarlyEndRecord),
  updatedAt: timestamp(),
  version: recordVersion(),
});
export type Amendment = v.InferOutput<typeof AmendmentRecord>;

export const AmendmentList = listEnvelope(AmendmentRecord);
