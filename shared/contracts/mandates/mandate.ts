import { canonicalHash } from '../../hashing.ts';
import type { Studio } from '../../studio/schema.ts';
import type { DirectDebitInput } from './direct-debit-input.ts';
import type { Mandate, MandateCreditor } from './mandate-schema.ts';

/*
 * A contract's SEPA mandate as it is made (docs/sepa.md, "The mandate"). Small on purpose: the create
 * function carries it, and its bundle has little room (test/infra/bundle-size.test.ts).
 */

/** Mandatsreferenz: the contract number and the mandate's place among the contract's mandates (`2026-000001-1`). */
export const mandateReference = (contractNumber: string, sequence: number): string => `${contractNumber}-${sequence}`;

/** What a mandate's hash covers: its parties, its account and the scheme, never its status or signature. */
export interface MandateDeclaration {
  contractId: string;
  reference: string;
  creditor: MandateCreditor;
  accountHolder: string;
  iban: string;
  bic: string | null;
  scheme: 'CORE';
  type: 'RCUR';
}

/** `sha256:` + hex SHA-256 of the RFC 8785 canonical JSON of the declaration, as a contract's document hash is computed. */
export const mandateHash = (declaration: MandateDeclaration): string => canonicalHash(declaration);

/** The creditor as the studio stands now; a later change of the profile leaves the mandate as it was made. */
export const creditorOf = (studio: Pick<Studio, 'legalName' | 'sepa'>): MandateCreditor | null =>
  studio.sepa ? { name: studio.legalName, creditorId: studio.sepa.creditorId } : null;

/** What a new mandate has not yet: a signature, a revocation, a collection. */
export const notYetSigned = {
  signature: null,
  signedAt: null,
  revokedAt: null,
  revokedOn: null,
  revocationReason: null,
  lastCollectedOn: null,
} as const;

/** A new mandate, `pending` until the debtor signs it. */
export const newMandate = (
  contract: { id: string; number: string },
  sequence: number,
  creditor: MandateCreditor,
  debit: DirectDebitInput,
): Mandate => {
  const reference = mandateReference(contract.number, sequence);
  const { accountHolder, iban, bic } = debit;
  return {
    reference,
    status: 'pending',
    accountHolder,
    iban,
    bic,
    creditor,
    mandateHash: mandateHash({
      contractId: contract.id,
      reference,
      creditor,
      accountHolder,
      iban,
      bic,
      scheme: 'CORE',
      type: 'RCUR',
    }),
    ...notYetSigned,
  };
};
