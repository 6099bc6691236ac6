import type { ContractWithSignatures } from '../contracts/schema.ts';
import type { SignerRole } from '../contracts/signature-schema.ts';
import { getExistingContract } from '../contracts/store.ts';
import { describeTerm } from '../contracts/term-sentences.ts';
import type { PresentedSession } from './find-session.ts';
import type { SigningView } from './schema.ts';

/** Whose name the page offers in its name field: the contact's, or the studio's representative's. */
const expectedSigner = (contract: ContractWithSignatures, role: SignerRole): string =>
  role === 'customer'
    ? `${contract.contact.firstName} ${contract.contact.lastName}`.trim()
    : (contract.studio.representedBy ?? '');

/** What the signing page shows: the contract as agreed, its term in words, and what the signature must echo. */
export const signingView = async ({ session }: PresentedSession): Promise<SigningView> => {
  const { signatures, ...contract } = await getExistingContract(session.contractId);
  return {
    role: session.role,
    documentHash: session.documentHash,
    expiresAt: session.validUntil,
    signerName: expectedSigner({ ...contract, signatures }, session.role),
    contract,
    term: describeTerm(contract),
  };
};
