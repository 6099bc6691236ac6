import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { ConditionFailed, NotFound } from '../db/errors.ts';
import { type Page, type PageRequest, queryPage } from '../db/query-page.ts';
import {
  checkPrecondition,
  newRecord,
  nextVersion,
  replaceWithRetry,
  VersionChanged,
  versionedUpdate,
} from '../db/versioned.ts';
import { write } from '../db/write.ts';
import type { VersionPrecondition } from '../http/if-match.ts';
import {
  serviceActivePartition,
  serviceFromItem,
  serviceItem,
  serviceKey,
  serviceListKey,
  serviceListPartition,
} from './entity.ts';
import type { Service, ServiceInput } from './schema.ts';

/** `createdBy` is the caller's `sub`. */
export const createService = async (input: ServiceInput, createdBy: string): Promise<Service> => {
  const service: Service = newRecord(input, createdBy);
  await write(
    [{ Put: { TableName: tableName(), Item: serviceItem(service), ConditionExpression: 'attribute_not_exists(pk)' } }],
    { result: service, change: { type: 'service.created', id: service.id, version: service.version } },
  );
  return service;
};

export const getService = async (id: string): Promise<Service | undefined> => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName(), Key: serviceKey(id) }));
  return Item ? serviceFromItem(Item) : undefined;
};

export const getExistingService = async (id: string): Promise<Service> => {
  const service = await getService(id);
  if (!service) throw new NotFound('service');
  return service;
};

/** `updatedBy` is the caller's `sub`. */
export const replaceService = (
  id: string,
  input: ServiceInput,
  ifMatch: VersionPrecondition | undefined,
  updatedBy: string,
): Promise<Service> =>
  replaceWithRetry(ifMatch, async () => {
    const current = await getExistingService(id);
    checkPrecondition(ifMatch, current.version);
    const next = nextVersion(current, { ...input, updatedBy });
    try {
      await write([versionedUpdate(serviceKey(id), serviceItem(next))], {
        result: next,
        change: { type: 'service.updated', id, version: next.version },
      });
      return next;
    } catch (error) {
      if (error instanceof ConditionFailed) throw new VersionChanged();
      throw error;
    }
  });

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
