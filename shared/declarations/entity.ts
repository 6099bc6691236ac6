import { itemId, type KeyShape, keyPattern } from '../db/key-shape.ts';
import { recordMapping } from '../db/record-mapping.ts';
import type { RecordKind } from '../db/record-store.ts';
import {
  declarationKey,
  declarationListPartition,
  declarationsByEmailPartition,
  declarationsOfContractPartition,
} from './keys.ts';
import { type DeclarationStatus, type StoredDeclaration, StoredDeclarationRecord } from './schema.ts';

/**
 * Where declarations live in the table (docs/declarations.md): one item each; newest first by id (a ULID) in
 * the list of all (gsi1) and in the list of their status (gsi3), so `GET /api/declarations` is one Query; a
 * person's are found by the email given (gsi2) and by the contract matched (gsi4), so an export or an erasure
 * reads that person's declarations only, however many the studio holds.
 */
export { declarationKey, declarationListPartition } from './keys.ts';
export const declarationStatusPartition = (status: DeclarationStatus) => `DECLARATIONS#${status}`;
export const declarationListKey: KeyShape = {
  pk: keyPattern('DECLARATION#', itemId),
  sk: keyPattern('DECLARATION'),
  indexSort: keyPattern(itemId),
};

/**
 * One counter per client and window of the public POSTs' rate limit; DynamoDB's TTL removes it once the
 * window is over (`expiresAt`, seconds), and the limit never reads an expired one (its window is in its key).
 */
export const declarationRateKey = (client: string, windowStart: number) => ({
  pk: `DECLARATION_RATE#${client}`,
  sk: `WINDOW#${windowStart}`,
});

const mapping = recordMapping(StoredDeclarationRecord);
export const declarationFromItem = mapping.fromItem;

export const declarationItem = (declaration: StoredDeclaration) => ({
  ...declarationKey(declaration.id),
  entity: 'declaration',
  gsi1pk: declarationListPartition,
  gsi1sk: declaration.id,
  gsi3pk: declarationStatusPartition(declaration.status),
  gsi3sk: declaration.id,
  gsi2pk: declarationsByEmailPartition(declaration.declaration.email),
  gsi2sk: declaration.id,
  ...(declaration.contractId
    ? { gsi4pk: declarationsOfContractPartition(declaration.contractId), gsi4sk: declaration.id }
    : {}),
  ...mapping.toItem(declaration),
});

export const declarationRecords: RecordKind<StoredDeclaration> = {
  entity: 'declaration',
  fromItem: declarationFromItem,
  toItem: declarationItem,
  // The matcher reads a declaration right after the request that stored it.
  consistentRead: true,
};
