/**
 * Where a contract's document is stored. The key is derived from the contract and the kind alone, never
 * from a render: every retry, every concurrent request and the background render all aim at the same key,
 * and the store's put-if-absent lets exactly one of them write it (docs/documents.md).
 */

import { ulidPattern } from '#shared/http/ids.ts';

export const documentKinds = [
  'signed_original',
  'mandate',
  'termination_confirmation',
  'withdrawal_confirmation',
] as const;

export type DocumentKind = (typeof documentKinds)[number];

// Contract ids are ULIDs; anything else (a `/`, `..`) could leave the contract's prefix or the local folder.
const keyPattern = /^contracts\/[0-9A-HJKMNP-TV-Z]{26}\/[a-z_]+\.pdf$/;

export const documentKey = (contractId: string, kind: DocumentKind): string => {
  if (!ulidPattern.test(contractId)) throw new Error(`Not a contract id: ${contractId}`);
  return `contracts/${contractId}/${kind}.pdf`;
};

/** All of a contract's documents, for the purge after its retention. */
export const contractDocumentsPrefix = (contractId: string): string => {
  if (!ulidPattern.test(contractId)) throw new Error(`Not a contract id: ${contractId}`);
  return `contracts/${contractId}/`;
};

/** The stores take no other keys: a path outside `contracts/<id>/` never reaches the file system or S3. */
export const assertDocumentKey = (key: string): void => {
  const kind = key.slice(key.lastIndexOf('/') + 1, -'.pdf'.length);
  if (!keyPattern.test(key) || !(documentKinds as readonly string[]).includes(kind)) {
    throw new Error(`Not a document key: ${key}`);
  }
};
