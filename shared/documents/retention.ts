import { now } from '../clock.ts';
import { endsOnOf } from '../contracts/computed-dates.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';

/*
 * How long a contract's documents are kept (docs/documents.md, "Retention"): to the end of the eighth calendar
 * year after the signing year (§ 147 Abs. 3, 4 AO, § 257 Abs. 4, 5 HGB), and once the contract's last day is
 * known, to the end of the eighth calendar year after that day. Derived from the contract alone, so every
 * attempt (a download, the background render, a retry) asks for the same date.
 */

/** The first instant after the end of the eighth calendar year after `year`. */
const afterEighthYear = (year: number): Date => new Date(Date.UTC(year + 9, 0, 1));

export const retainUntilOf = (
  contract: Parameters<typeof endsOnOf>[0] & Pick<ContractWithSignatures, 'signatures'>,
): Date => {
  const signedAt = contract.signatures
    .map((signature) => signature.signedAt)
    .sort()
    .at(-1);
  const fromSigning = afterEighthYear(new Date(signedAt ?? now()).getUTCFullYear());
  const endsOn = endsOnOf(contract);
  if (!endsOn) return fromSigning;
  const fromEnd = afterEighthYear(Number(endsOn.slice(0, 4)));
  return fromEnd > fromSigning ? fromEnd : fromSigning;
};
