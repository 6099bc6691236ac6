import { canonicalHash } from '../../hashing.ts';
import type { Amendment } from './amendment-schema.ts';

/**
 * `amendmentHash`: `sha256:` + SHA-256 of the RFC 8785 JSON of what is agreed (docs/amendments.md): the
 * contract and its document hash, the amendment's number, kind, days and the kind's own fields. Its status,
 * signature and early end are not part of it.
 */
export const amendmentHash = (amendment: Omit<Amendment, 'amendmentHash'>): string => {
  const kindFields =
    amendment.kind === 'pause'
      ? {
          lastDay: amendment.lastDay,
          reason: amendment.reason,
          reasonText: amendment.reasonText,
          monthlyFee: amendment.monthlyFee,
          extendsTerm: amendment.extendsTerm,
        }
      : { items: amendment.items };
  return canonicalHash({
    contractId: amendment.contractId,
    number: amendment.number,
    kind: amendment.kind,
    effectiveFrom: amendment.effectiveFrom,
    offerExpiresOn: amendment.offerExpiresOn,
    documentHash: amendment.documentHash,
    ...kindFields,
  });
};
