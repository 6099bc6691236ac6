import { now } from '../../clock.ts';
import { ConditionFailed, WriteContention } from '../../db/errors.ts';
import { type WriteItem, write } from '../../db/write.ts';
import { newId } from '../../http/ids.ts';
import { Problem } from '../../http/problem.ts';
import { checkedSignatureImage, evidenceOf, type SigningContext, sealOf } from '../../signatures/evidence.ts';
import { todayOf } from '../computed-dates.ts';
import { amendmentTexts } from '../texts.ts';
import type { Amendment, AmendmentSignature } from './amendment-schema.ts';
import { agreementWrites } from './amendment-writes.ts';
import { existingAmendment, refuseUnlessOffered, refuseUnlessRunning } from './decide-amendment.ts';
import { inForceOnContract } from './in-force.ts';
import { refuseBlockedPause } from './offer-amendment.ts';
import type { AmendmentSignatureInput } from './signature-input.ts';

/** What an amendment signature's seal covers besides its evidence: the contract, the amendment and its hash. */
export const sealedAmendment = (amendment: Pick<Amendment, 'contractId' | 'id' | 'amendmentHash'>) => ({
  contractId: amendment.contractId,
  amendmentId: amendment.id,
  amendmentHash: amendment.amendmentHash,
});

const maxAttempts = 5;

/**
 * The customer's signature (docs/amendments.md, "Sign"): §4's image rules, evidence and seal, given to the
 * amendment's hash; the studio's offer is its consent. The amendment is agreed and the contract's pauses and
 * agreed amendments written with it in one transaction, conditional on both as read.
 */
export const signAmendment = async (
  contractId: string,
  amendmentId: string,
  input: AmendmentSignatureInput,
  context: SigningContext,
  /**
   * Items the caller needs in the signature's own transaction (a signing session's token is spent there).
   * When one of their conditions fails, the `ConditionFailed` is the caller's to read.
   */
  extraWrites: readonly WriteItem[] = [],
): Promise<Amendment> => {
  const image = checkedSignatureImage(input.signatureImage);
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const { contract, amendments, amendment } = await existingAmendment(contractId, amendmentId);
    const at = now();
    refuseUnlessOffered(amendment);
    refuseUnlessRunning(contract, todayOf(contract, at));
    if (input.amendmentHash !== amendment.amendmentHash) {
      throw new Problem('conflict', amendmentTexts.localized('amendmentHashMismatch'), {
        errors: [
          { path: 'amendmentHash', message: amendmentTexts.localized('amendmentHasHash', amendment.amendmentHash) },
        ],
      });
    }
    // A due may have been collected since the offer: its days can no longer be paused.
    if (amendment.kind === 'pause') {
      await refuseBlockedPause(contract, amendments, {
        id: amendment.id,
        from: amendment.effectiveFrom,
        lastDay: amendment.lastDay as string,
      });
    }
    const evidence = evidenceOf(input.signerName, image, context, at);
    const seal = await sealOf(sealedAmendment(amendment), evidence);
    const signature: AmendmentSignature = { id: newId(), amendmentHash: amendment.amendmentHash, ...evidence, seal };
    const agreed: Amendment = {
      ...amendment,
      status: 'agreed',
      signature,
      agreedAt: signature.signedAt,
      updatedAt: signature.signedAt,
      version: amendment.version + 1,
    };
    const inForce = inForceOnContract(amendments.map((candidate) => (candidate.id === agreed.id ? agreed : candidate)));
    const nextContract = { id: contract.id, version: contract.version + 1, updatedAt: signature.signedAt };
    const writes = agreementWrites(agreed, image, nextContract, inForce);
    try {
      await write([...writes, ...extraWrites], {
        result: agreed,
        change: { type: 'amendment.agreed', id: agreed.id, version: agreed.version },
      });
      return agreed;
    } catch (error) {
      // Decided meanwhile (signed, declined, cancelled) or the contract changed: decide again on the fresh state.
      if (!(error instanceof ConditionFailed)) throw error;
      if (extraWrites.some((_, index) => error.at(writes.length + index))) throw error;
    }
  }
  throw new WriteContention();
};
