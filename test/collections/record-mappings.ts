import { CollectionRecord } from '#shared/collections/collection-record.ts';
import {
  collectionFromItem,
  collectionItem,
  DebitRecord,
  debitFromItem,
  debitItem,
  dueFromItem,
  dueItem,
} from '#shared/collections/entity.ts';
import { DueRecord } from '#shared/contracts/dues/dues-schema.ts';
import type { RecordMappingCase } from '../support/record-mapping-case.ts';

export const recordMappings: readonly RecordMappingCase[] = [
  {
    name: 'Collection',
    mappedAs: ['CollectionRecord'],
    schema: CollectionRecord,
    toItem: (record) => collectionItem(record as never),
    fromItem: collectionFromItem,
  },
  {
    name: 'Debit',
    mappedAs: ['DebitRecord'],
    schema: DebitRecord,
    toItem: (record) => debitItem('01JD0000000000000000000005', record as never),
    fromItem: debitFromItem,
    storedOnly: true,
  },
  {
    name: 'Due',
    mappedAs: ['DueRecord'],
    schema: DueRecord,
    toItem: (record) => dueItem('01JD0000000000000000000002', record as never),
    fromItem: dueFromItem,
  },
];
