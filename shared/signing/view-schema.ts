import * as v from 'valibot';
import { amendmentKinds, amendmentStatuses } from '../contracts/amendments/in-force-schema.ts';
import { dateRecord } from '../contracts/fields.ts';
import { MandateCreditorRecord } from '../contracts/mandates/mandate-schema.ts';
import { ContractRecord } from '../contracts/schema.ts';
import { signerRoles } from '../contracts/signature-schema.ts';
import { recordId, timestamp } from '../schema/record.ts';
import { documentHash, signingChannels } from './schema.ts';

/*
 * What `GET /api/signing` answers. Apart from schema.ts, which the signing functions import for
 * their bodies: the records of the page's view stay out of their bundles.
 */

/** The term in plain German, as the customer's copy words it. */
export const TermSentencesRecord = v.object({ minimumTerm: v.string(), renewal: v.string(), notice: v.string() });

/** The mandate step of a session: what the page shows of the pending mandate, and the hash its signature echoes. */
export const SigningMandateRecord = v.object({
  text: v.string(),
  reference: v.string(),
  mandateHash: documentHash(),
  accountHolder: v.string(),
  iban: v.string(),
  creditor: MandateCreditorRecord,
});
export type SigningMandate = v.InferOutput<typeof SigningMandateRecord>;

const NoticeSectionRecord = v.object({ heading: v.string(), paragraphs: v.array(v.string()) });

/** What a remote page shows before the pad (docs/walkthrough.md, "Signing at home"): the filled-in Belehrung and, when it applies, the early-start box. */
export const SigningWithdrawalRecord = v.object({
  /** The period's last day if the customer signs today in the studio's zone. */
  periodEndsOn: dateRecord(),
  notice: v.object({ heading: v.string(), sections: v.array(NoticeSectionRecord) }),
  form: NoticeSectionRecord,
  /** The text of the separate, unticked early-start box; null when the contract starts after the period. */
  earlyStartRequest: v.nullable(v.string()),
});
export type SigningWithdrawal = v.InferOutput<typeof SigningWithdrawalRecord>;

/** An amendment's session: what the page shows above „Zustimmen“ and „Ablehnen“, and the hash the signature echoes. */
export const SigningAmendmentRecord = v.object({
  id: recordId(),
  number: v.string(),
  kind: v.picklist(amendmentKinds),
  /** As of now: a page loaded after the offer was decided or ran out shows that instead of the buttons. */
  status: v.picklist(amendmentStatuses),
  effectiveFrom: dateRecord(),
  offerExpiresOn: dateRecord(),
  amendmentHash: documentHash(),
  /** „Vereinbarung über eine Ruhezeit zum Vertrag 2026-000001 (2026-000001-A1)“. */
  title: v.string(),
  /** What changes, from when, and what follows (the minimum term's end, the dues), a sentence a line. */
  lines: v.array(v.string()),
});
export type SigningAmendment = v.InferOutput<typeof SigningAmendmentRecord>;

/** The answer of `GET /api/signing`: what the signing page shows and what its signature must echo. */
export const SigningViewRecord = v.object({
  role: v.picklist(signerRoles),
  /** `remote`: the link came by email, and the customer signs away from the studio. */
  channel: v.picklist(signingChannels),
  documentHash: documentHash(),
  expiresAt: timestamp(),
  /** Who is expected to sign: the contact's name for the customer, the representative for the studio. */
  signerName: v.string(),
  /** Whether the session's role has signed the contract already: then only the mandate is left to sign. */
  contractSigned: v.boolean(),
  contract: ContractRecord,
  term: TermSentencesRecord,
  /** The pending mandate the session includes, signed after the contract; null when there is none. */
  mandate: v.nullable(SigningMandateRecord),
  /** The right of withdrawal the customer's remote signature gives; null at the counter, for the studio's role and for an amendment. */
  withdrawal: v.nullable(SigningWithdrawalRecord),
  /** The amendment the session agrees to or declines instead of signing the contract; null in a contract's session. */
  amendment: v.nullable(SigningAmendmentRecord),
});
export type SigningView = v.InferOutput<typeof SigningViewRecord>;
