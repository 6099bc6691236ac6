import { canonicalHash } from '../../hashing.ts';
import { hashedContent } from '../content-versions.ts';

/** The document hash over the fields of the contract's content version (content-versions.ts), stored or just built. */
export const documentHash = (contract: object): string =>
  canonicalHash(hashedContent(contract as Record<string, unknown>));
