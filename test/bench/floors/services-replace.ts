import { serviceKey } from '#shared/services/keys.ts';
import { type ServiceFields, serviceIndexAttributes } from './service-item.ts';
import { versionedReplaceFloor } from './versioned-replace.ts';

/** PUT /api/services/{id}: GetItem, then one versioned UpdateItem. */
export const handler = versionedReplaceFloor<ServiceFields>(serviceKey, serviceIndexAttributes);
