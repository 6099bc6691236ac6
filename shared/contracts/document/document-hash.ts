import { canonicalHash } from '../../hashing.ts';
import { contractContent } from '../entity.ts';
import type { ContractContent } from '../schema.ts';

export const documentHash = (contract: ContractContent): string => canonicalHash(contractContent(contract));
