import { canonicalJson, sha256Hex } from '../hashing.ts';
import { contractContent } from './entity.ts';
import type { ContractContent } from './schema.ts';

export const documentHash = (contract: ContractContent): string =>
  `sha256:${sha256Hex(canonicalJson(contractContent(contract)))}`;
