import { itemId, type KeyShape, keyPattern, keyText } from '../db/key-shape.ts';
import { recordMapping } from '../db/record-mapping.ts';
import type { RecordKind } from '../db/record-store.ts';
import { type Service, ServiceRecord } from './schema.ts';

/** Where a service lives in the table and how it is stored (see docs/architecture.md, "Access patterns"). */
const separator = '\u0001';

export const serviceKey = (id: string) => ({ pk: `SERVICE#${id}`, sk: 'SERVICE' });

/** List by name, id (gsi1), or only the active or inactive ones (gsi2). */
export const serviceListPartition = 'SERVICES';
export const serviceActivePartition = (active: boolean) => (active ? 'SERVICES#ACTIVE' : 'SERVICES#INACTIVE');
const serviceListSortKey = (service: Service) =>
  [service.name.normalize('NFC').toLowerCase(), service.id].join(separator);
/** A service's key as both lists read it: what their cursors must carry. */
export const serviceListKey: KeyShape = {
  pk: keyPattern('SERVICE#', itemId),
  sk: keyPattern('SERVICE'),
  indexSort: keyPattern(keyText, separator, itemId),
};

const mapping = recordMapping(ServiceRecord);

export const serviceFromItem = mapping.fromItem;

export const serviceItem = (service: Service) => {
  const sortKey = serviceListSortKey(service);
  return {
    ...serviceKey(service.id),
    entity: 'service',
    gsi1pk: serviceListPartition,
    gsi1sk: sortKey,
    gsi2pk: serviceActivePartition(service.active),
    gsi2sk: sortKey,
    ...mapping.toItem(service),
  };
};

/** Services as the generic reads and replace see them (`shared/db/record-store.ts`). */
export const serviceRecords: RecordKind<Service> = {
  entity: 'service',
  fromItem: serviceFromItem,
  toItem: serviceItem,
};
