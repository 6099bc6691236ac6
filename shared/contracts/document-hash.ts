import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { ContractContent } from './schema.ts';

/**
 * RFC 8785 canonical JSON (sorted keys, no whitespace): the one serialisation
 * that the document hash and every seal are computed over, so the same
 * content always gives the same bytes, years later and in any language.
 */
export const canonicalJson = (value: unknown): string => {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('Value cannot be canonicalised');
  return text;
};

export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The fields of a contract that can never change; anything else (status, version) is left out. */
export const contractContent = (contract: ContractContent): ContractContent => ({
  id: contract.id,
  number: contract.number,
  contactId: contract.contactId,
  contact: contract.contact,
  items: contract.items,
  totals: contract.totals,
  startDate: contract.startDate,
  endDate: contract.endDate,
  minimumTermMonths: contract.minimumTermMonths,
  noticePeriodDays: contract.noticePeriodDays,
  terms: contract.terms,
  requireStudioSignature: contract.requireStudioSignature,
  createdAt: contract.createdAt,
});

export const documentHash = (contract: ContractContent): string =>
  `sha256:${sha256Hex(canonicalJson(contractContent(contract)))}`;
