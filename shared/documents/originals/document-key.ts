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
  'reminder',
  'amendment',
] as const;

export type DocumentKind = (typeof documentKinds)[number];

// Contract ids are ULIDs; anything else (a `/`, `..`) could leave the contract's prefix or the local folder.
const keyPattern = /^contracts\/[0-9A-HJKMNP-TV-Z]{26}\/[a-z_]+(-[0-9]{1,4})?\.pdf$/;

/** Kinds a contract has many of: one per mandate signed later, one per reminder, one per agreed amendment. */
export const numberedKinds: readonly DocumentKind[] = ['mandate', 'reminder', 'amendment'];

/**
 * What tells a contract's documents of one kind apart: a `mandate` document's mandate reference, a `reminder`'s
 * number, an `amendment`'s number; null for the kinds a contract has once.
 */
export type DocumentSlotId = string | number | null;

/**
 * A document's place among the contract's documents: its kind, and for a `mandate` document the mandate's
 * number (`mandate-2` for the reference `2026-000001-2`), since each mandate signed later gets its own; for a
 * `reminder` the reminder's number (`reminder-2`), for an `amendment` the k of its number (`amendment-1` for
 * `2026-000001-A1`). Other kinds exist once per contract, whatever mandate they show.
 */
export const documentSlot = (kind: DocumentKind, slot: DocumentSlotId = null): string => {
  if (!numberedKinds.includes(kind)) return kind;
  const last = typeof slot === 'number' ? String(slot) : (slot?.slice(slot.lastIndexOf('-') + 1) ?? '');
  // An amendment's number ends in `A<k>`, the others' in the number alone.
  const sequence = kind === 'amendment' ? last.replace(/^A/, '') : last;
  if (!/^[0-9]{1,4}$/.test(sequence) || (kind === 'amendment') === (last === sequence)) {
    throw new Error(`Not a ${kind} reference: ${slot}`);
  }
  return `${kind}-${Number(sequence)}`;
};

export const documentKey = (contractId: string, kind: DocumentKind, slot: DocumentSlotId = null): string => {
  if (!ulidPattern.test(contractId)) throw new Error(`Not a contract id: ${contractId}`);
  return `contracts/${contractId}/${documentSlot(kind, slot)}.pdf`;
};

/** All of a contract's documents, for the purge after its retention. */
export const contractDocumentsPrefix = (contractId: string): string => {
  if (!ulidPattern.test(contractId)) throw new Error(`Not a contract id: ${contractId}`);
  return `contracts/${contractId}/`;
};

/** The stores take no other keys: a path outside `contracts/<id>/` never reaches the file system or S3. */
export const assertDocumentKey = (key: string): void => {
  const kind = key.slice(key.lastIndexOf('/') + 1, -'.pdf'.length).replace(/-[0-9]+$/, '');
  if (!keyPattern.test(key) || !(documentKinds as readonly string[]).includes(kind)) {
    throw new Error(`Not a document key: ${key}`);
  }
};
