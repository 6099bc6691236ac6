import { canonicalJson, sha256Hex } from '../hashing.ts';
import type { ContractContent } from './schema.ts';

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
