import { studioFromItem, studioItem } from '#shared/studio/entity.ts';
import { StudioRecord } from '#shared/studio/schema.ts';
import type { RecordMappingCase } from '../support/record-mapping-case.ts';

export const recordMappings: readonly RecordMappingCase[] = [
  {
    name: 'Studio',
    mappedAs: ['StudioRecord'],
    schema: StudioRecord,
    toItem: (record) => studioItem(record as never),
    fromItem: studioFromItem,
  },
];
