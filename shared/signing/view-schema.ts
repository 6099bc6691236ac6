import * as v from 'valibot';
import { MandateCreditorRecord } from '../contracts/mandate-schema.ts';
import { ContractRecord } from '../contracts/schema.ts';
import { signerRoles } from '../contracts/signature-schema.ts';
import { timestamp } from '../schema/record.ts';
import { documentHash } from './schema.ts';

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

/** The answer of `GET /api/signing`: what the signing page shows and what its signature must echo. */
export const SigningViewRecord = v.object({
  role: v.picklist(signerRoles),
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
});
export type SigningView = v.InferOutput<typeof SigningViewRecord>;
