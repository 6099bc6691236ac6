import { now } from '../../clock.ts';
import { tableName } from '../../db/client.ts';
import { ConditionFailed, NotFound, WriteContention } from '../../db/errors.ts';
import { putNew, type WriteItem, write } from '../../db/write.ts';
import { Problem } from '../../http/problem.ts';
import {
  type CheckedSignatureImage,
  checkedSignatureImage,
  evidenceOf,
  type SigningContext,
  sealOf,
} from '../../signatures/evidence.ts';
import { mandateSignatureImageItem } from '../entity.ts';
import { contractTexts } from '../texts.ts';
import type { Mandate, MandateWithText } from './mandate-schema.ts';
import type { MandateSignatureInput } from './mandate-signature-schema.ts';
import { getContractMandates, type StoredMandate, withMandateText } from './mandate-store.ts';

const maxAttempts = 5;

/** What a mandate signature's seal covers besides its evidence: the contract and the mandate's hash. */
export const signedMandate = (contractId: string, mandate: Pick<Mandate, 'mandateHash'>) => ({
  contractId,
  mandateHash: mandate.mandateHash,
});

const notSignable = (status: Mandate['status']): Problem =>
  status === 'active' || status === 'expired' || status === 'replaced'
    ? new Problem('conflict', contractTexts.localized('mandateAlreadySigned'))
    : new Problem('conflict', contractTexts.localized('mandateNotSignable', status));

/** The mandate signed, on condition that it is still the pending one the signer saw. */
const signatureWrites = (
  { key, mandate }: StoredMandate,
  signed: Mandate,
  image: CheckedSignatureImage,
): WriteItem[] => [
  {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #status = :active, signature = :signature, signedAt = :signedAt',
      ConditionExpression: '#status = :pending AND mandateHash = :hash',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':active': signed.status,
        ':signature': signed.signature,
        ':signedAt': signed.signedAt,
        ':pending': 'pending',
        ':hash': mandate.mandateHash,
      },
    },
  },
  putNew(mandateSignatureImageItem(key, image)),
];

/** An older mandate in use ends when its replacement is signed: it is `replaced` in the same transaction. */
const replacementWrite = ({ key }: StoredMandate): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: key,
    UpdateExpression: 'SET #status = :replaced',
    ConditionExpression: '#status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':replaced': 'replaced', ':active': 'active' },
  },
});

// `expired` is computed on reading: stored, such a mandate is still `active`.
const inUse = ({ mandate }: StoredMandate) => mandate.status === 'active' || mandate.status === 'expired';

/**
 * The debtor signs the contract's current mandate (§4's image rules, evidence and seal over
 * `{ contractId, mandateHash, … }`). Independent of the contract's own signatures: either may come first.
 */
export const signMandate = async (
  contractId: string,
  input: MandateSignatureInput,
  context: SigningContext,
  /**
   * Items the caller needs in the signature's own transaction (a signing session's token is spent
   * there). When one of their conditions fails, the `ConditionFailed` is the caller's to read.
   */
  extraWrites: readonly WriteItem[] = [],
): Promise<MandateWithText> => {
  const image = checkedSignatureImage(input.signatureImage);
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const { contract, mandates } = await getContractMandates(contractId);
    const current = mandates.at(-1);
    if (!current) throw new NotFound('mandate');
    if (contract.status === 'cancelled') throw new Problem('conflict', contractTexts.localized('cancelledNotSignable'));
    if (current.mandate.status !== 'pending') throw notSignable(current.mandate.status);
    if (input.mandateHash !== current.mandate.mandateHash) {
      throw new Problem('conflict', contractTexts.localized('mandateHashMismatch'), {
        errors: [
          { path: 'mandateHash', message: contractTexts.localized('mandateHasHash', current.mandate.mandateHash) },
        ],
      });
    }
    const evidence = evidenceOf(input.signerName, image, context, now());
    const seal = await sealOf(signedMandate(contractId, current.mandate), evidence);
    const signed = withMandateText({
      ...current.mandate,
      status: 'active',
      signature: { ...evidence, seal },
      signedAt: evidence.signedAt,
    });
    const writes = [
      ...signatureWrites(current, signed, image),
      ...mandates.slice(0, -1).filter(inUse).map(replacementWrite),
    ];
    try {
      // The event names the contract, as `mandate.revoked` does; signing the mandate leaves its version as it is.
      await write([...writes, ...extraWrites], {
        result: signed,
        change: { type: 'mandate.signed', id: contractId, version: contract.version },
      });
      return signed;
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      if (extraWrites.some((_, index) => error.at(writes.length + index))) throw error;
      // Signed or revoked meanwhile, or the older mandate changed: decide again on the fresh state.
    }
  }
  throw new WriteContention();
};
