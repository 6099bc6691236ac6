import { serviceFromItem, serviceItem } from '#shared/services/entity.ts';
import { ServiceRecord } from '#shared/services/schema.ts';
import type { RecordMappingCase } from '../support/record-mapping-case.ts';

export const recordMappings: readonly RecordMappingCase[] = [
  {
    name: 'Service',
    mappedAs: ['ServiceRecord'],
    schema: ServiceRecord,
    toItem: (record) => serviceItem({ ...record, active: true } as never),
    fromItem: serviceFromItem,
    pinned: { active: true },
  },
];
