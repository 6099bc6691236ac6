import { now } from '../clock.ts';
import { ConditionFailed, WriteContention } from '../db/errors.ts';
import { type WriteItem, write } from '../db/write.ts';
import { newId } from '../http/ids.ts';
import { Problem } from '../http/problem.ts';
import {
  checkedSignatureImage,
  evidenceOf,
  type SignatureEvidence,
  type SigningContext,
  sealedFacts as sealedSignatureFacts,
  sealOf,
} from '../signatures/evidence.ts';
import { hasEnded, todayOf, withComputedDates } from './computed-dates.ts';
import type { ContractStatus, ContractWithSignatures } from './schema.ts';
import type { Signature, SignatureInput, SignerRole } from './signature-schema.ts';
import { getExistingContract } from './store.ts';
import { contractTexts } from './texts.ts';
import { withdrawalPeriodEndsOn } from './withdrawal/withdrawal-period.ts';
import type { Withdrawal } from './withdrawal/withdrawal-schema.ts';
import { roleSignedAlready, signatureWrites } from './writes.ts';

/** A customer's signature given away from the studio (a remote session, §§ 312b, 312c BGB). */
export interface AwayFromStudio {
  requestedEarlyStart: boolean;
}

/** The right of withdrawal a signature away from the studio gives, its period counted from the signing instant. */
const withdrawalOf = (at: Date, timeZone: string, away: AwayFromStudio): Withdrawal => ({
  periodEndsOn: withdrawalPeriodEndsOn(at, timeZone),
  requestedEarlyStart: away.requestedEarlyStart,
  withdrawnAt: null,
  receivedOn: null,
  recordedBy: null,
});

export type { SigningContext };

/** What a contract signature's seal covers besides its evidence: the contract, the hash signed and the role. */
const signedDeclaration = (contractId: string, signature: Pick<Signature, 'documentHash' | 'role'>) => ({
  contractId,
  documentHash: signature.documentHash,
  role: signature.role,
});

/** The facts a contract signature's seal covers: exactly these fields, canonicalised. */
export const sealedFacts = (contractId: string, signature: Omit<Signature, 'id' | 'seal'>): string =>
  sealedSignatureFacts(signedDeclaration(contractId, signature), signature);

const statusAfterSigning = (contract: ContractWithSignatures, role: SignerRole): ContractStatus => {
  const roles = new Set([...contract.signatures.map((signature) => signature.role), role]);
  const complete = roles.has('customer') && (!contract.requireStudioSignature || roles.has('studio'));
  return complete ? 'signed' : 'pending';
};

const alreadySigned = () =>
  new Problem('conflict', contractTexts.localized('roleAlreadySigned'), {
    errors: [{ path: 'role', message: contractTexts.localized('alreadySigned') }],
  });

/** Only a running contract takes signatures: not a cancelled offer, not a terminated or ended contract. */
const notSignable = (contract: ContractWithSignatures, today: string): Problem | undefined => {
  if (contract.status === 'cancelled') {
    return new Problem('conflict', contractTexts.localized('cancelledNotSignable'));
  }
  if (contract.status === 'terminated') {
    return new Problem('conflict', contractTexts.localized('terminatedNotSignable'));
  }
  if (contract.status === 'withdrawn') {
    return new Problem('conflict', contractTexts.localized('withdrawnNotSignable'));
  }
  if (hasEnded(contract, today)) {
    return new Problem('conflict', contractTexts.localized('endedNotSignable', String(contract.endsOn)));
  }
  return undefined;
};

const maxAttempts = 5;

/**
 * Adds one signature. The signature, its image and the contract's new status
 * are written in one transaction conditional on the contract's version, so two
 * signers at once can neither both take a role nor lose a status change.
 */
export const signContract = async (
  id: string,
  input: SignatureInput,
  context: SigningContext,
  /**
   * Items the caller needs in the signature's own transaction (a signing session's token is
   * spent there). When one of their conditions fails, the `ConditionFailed` is the caller's to read.
   */
  extraWrites: readonly WriteItem[] = [],
  /** Given for the customer's signature through a remote session: the contract gets its `withdrawal`. */
  awayFromStudio?: AwayFromStudio,
): Promise<ContractWithSignatures> => {
  const image = checkedSignatureImage(input.signatureImage);
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const contract = await getExistingContract(id);
    const at = now();
    const refusal = notSignable(contract, todayOf(contract, at));
    if (refusal) throw refusal;
    if (input.documentHash !== contract.documentHash) {
      throw new Problem('conflict', contractTexts.localized('documentHashMismatch'), {
        errors: [{ path: 'documentHash', message: contractTexts.localized('contractHasHash', contract.documentHash) }],
      });
    }
    if (contract.signatures.some((signature) => signature.role === input.role)) throw alreadySigned();

    const declaration = { role: input.role, documentHash: contract.documentHash };
    const evidence: SignatureEvidence = evidenceOf(input.signerName, image, context, at);
    const seal = await sealOf(signedDeclaration(id, declaration), evidence);
    const signature: Signature = { id: newId(), ...declaration, ...evidence, seal };
    const signed: ContractWithSignatures = withComputedDates(
      {
        ...contract,
        status: statusAfterSigning(contract, input.role),
        withdrawal: awayFromStudio ? withdrawalOf(at, contract.studio.timeZone, awayFromStudio) : contract.withdrawal,
        updatedAt: signature.signedAt,
        version: contract.version + 1,
        signatures: [...contract.signatures, signature],
      },
      at,
    );
    const writes = signatureWrites(signed, signature, {
      role: input.role,
      mediaType: image.mediaType,
      bytes: image.bytes,
    });
    try {
      // Every signature is a change of the contract: each one announces `contract.signed`.
      await write([...writes, ...extraWrites], {
        result: signed,
        change: { type: 'contract.signed', id, version: signed.version },
      });
      return signed;
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      if (extraWrites.some((_, index) => error.at(writes.length + index))) throw error;
      if (roleSignedAlready(error)) throw alreadySigned();
      // The contract changed (another role signed, or it was cancelled): decide again on the fresh state.
    }
  }
  throw new WriteContention();
};
