import { type Page, type PageRequest, queryPage } from '../db/query-page.ts';
import { getExistingRecord, getRecord, replaceRecord } from '../db/record-store.ts';
import { newRecord, versionCheck } from '../db/versioned.ts';
import { putNew, type WriteItem, write } from '../db/write.ts';
import type { VersionPrecondition } from '../http/if-match.ts';
import {
  serviceActivePartition,
  serviceFromItem,
  serviceItem,
  serviceKey,
  serviceListKey,
  serviceListPartition,
  serviceRecords,
} from './entity.ts';
import type { Service, ServiceInput } from './schema.ts';

/** `createdBy` is the caller's `sub`. */
export const createService = async (input: ServiceInput, createdBy: string): Promise<Service> => {
  const service: Service = newRecord(input, createdBy);
  await write([putNew(serviceItem(service))], {
    result: service,
    change: { type: 'service.created', id: service.id, version: service.version },
  });
  return service;
};

export const getService = (id: string): Promise<Service | undefined> => getRecord(serviceRecords, serviceKey(id));

export const getExistingService = (id: string): Promise<Service> => getExistingRecord(serviceRecords, serviceKey(id));

/** `updatedBy` is the caller's `sub`. */
export const replaceService = (
  id: string,
  input: ServiceInput,
  ifMatch: VersionPrecondition | undefined,
  updatedBy: string,
): Promise<Service> =>
  replaceRecord(
    serviceRecords,
    serviceKey(id),
    { input, ifMatch, updatedBy },
    { change: (next) => ({ type: 'service.updated', id, version: next.version }) },
  );

/** A check that the service is still the version a contract copied, and still on offer. */
export const unchangedActiveService = (service: Pick<Service, 'id' | 'version'>): WriteItem =>
  versionCheck(serviceKey(service.id), service.version, { condition: 'active = :true', values: { ':true': true } });

/** Services by name, id; `active` narrows to one of two index partitions. */
export const listServices = (
  request: PageRequest & { active?: 'true' | 'false' | undefined },
): Promise<Page<Service>> =>
  queryPage({
    ...request,
    index: request.active === undefined ? 'gsi1' : 'gsi2',
    partition: request.active === undefined ? serviceListPartition : serviceActivePartition(request.active === 'true'),
    itemKey: serviceListKey,
    toRecord: serviceFromItem,
  });
