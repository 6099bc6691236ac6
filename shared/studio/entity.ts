import { recordMapping } from '../db/record-mapping.ts';
import type { RecordKind } from '../db/record-store.ts';
import { studioKey } from './keys.ts';
import { type Studio, type StudioCopy, StudioCopyRecord, StudioRecord } from './schema.ts';

/** The profile has no id of its own; its events name it by this one. */
export const studioEventId = 'studio';

const mapping = recordMapping(StudioRecord);
const copyMapping = recordMapping(StudioCopyRecord);

export const studioFromItem = mapping.fromItem;

export const studioItem = (studio: Studio) => ({ ...studioKey, entity: 'studio', ...mapping.toItem(studio) });

/**
 * The profile as the generic reads and replace see it (`shared/db/record-store.ts`), read
 * consistently: a contract created right after a PUT copies the new one.
 */
export const studioRecords: RecordKind<Studio> = {
  entity: 'studio',
  fromItem: studioFromItem,
  toItem: studioItem,
  consistentRead: true,
};

/** The profile's own fields without its server fields: what a contract copies at creation. */
export const studioCopy = (studio: Studio): StudioCopy => copyMapping.fromItem(studio);
