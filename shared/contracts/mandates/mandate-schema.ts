import * as v from 'valibot';
import { timestamp } from '../../schema/record.ts';
import { SealRecord } from '../../signatures/schema.ts';
import { dateRecord, documentHash } from '../fields.ts';

/*
 * A contract's SEPA mandate (docs/sepa.md): a declaration of its own beside the contract, with its
 * own hash and signature. Plain records only: the checks of a new direct debit (and ibantools)
 * live in direct-debit-input.ts, which only the functions that take a new account carry.
 */

/** `expired` is computed on reading (36 months without a collection), never stored. */
export const mandateStatuses = ['pending', 'active', 'revoked', 'replaced', 'expired'] as const;
export type MandateStatus = (typeof mandateStatuses)[number];

/** The creditor as the mandate names it: the studio's legal name and its Gläubiger-ID when the mandate was made. */
export const MandateCreditorRecord = v.object({ name: v.string(), creditorId: v.string() });
export type MandateCreditor = v.InferOutput<typeof MandateCreditorRecord>;

/** The evidence of the mandate's signature, as a contract signature keeps it; sealed over the mandate's hash. */
export const MandateSignatureRecord = v.object({
  signerName: v.string(),
  signedAt: timestamp(),
  ipAddress: v.string(),
  userAgent: v.string(),
  imageSha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  seal: SealRecord,
});

export const MandateRecord = v.object({
  /** Mandatsreferenz: `<contract number>-<n>`, n counting the contract's mandates from 1. */
  reference: v.pipe(v.string(), v.maxLength(35)),
  status: v.picklist(mandateStatuses),
  accountHolder: v.string(),
  iban: v.string(),
  bic: v.nullable(v.string()),
  creditor: MandateCreditorRecord,
  mandateHash: documentHash(),
  signature: v.nullable(MandateSignatureRecord),
  signedAt: v.nullable(timestamp()),
  revokedAt: v.nullable(timestamp()),
  /** The day the revocation took effect (reached the studio), in the studio's time zone. */
  revokedOn: v.nullable(dateRecord()),
  revocationReason: v.nullable(v.string()),
  lastCollectedOn: v.nullable(dateRecord()),
});
export type Mandate = v.InferOutput<typeof MandateRecord>;

/** The answer of `GET /api/contracts/:id/mandate`: the current mandate with the text the debtor signs. */
export const MandateWithTextRecord = v.object({ ...MandateRecord.entries, text: v.string() });
export type MandateWithText = v.InferOutput<typeof MandateWithTextRecord>;

/** The answer of `GET /api/contracts/:id/mandates`: all of a contract's mandates, oldest first. */
export const MandateList = v.object({ items: v.array(MandateRecord) });
