import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { type Page, type PageRequest, queryPage } from '../db/query-page.ts';
import { newRecord, nextVersion, replaceWithRetry, VersionChanged, versionedUpdate } from '../db/versioned-update.ts';
import { assertPrecondition, type VersionPrecondition } from '../http/if-match.ts';
import { Problem } from '../http/problem.ts';
import { serviceActivePartition, serviceKey, serviceListPartition, serviceListSortKey } from './keys.ts';
import type { Service, ServiceInput } from './schema.ts';

const toService = (item: Record<string, unknown>): Service => {
  const s = item as unknown as Service;
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    price: s.price,
    billingInterval: s.billingInterval,
    durationMinutes: s.durationMinutes,
    active: s.active,
    createdAt: s.createdAt,
    createdBy: s.createdBy ?? null,
    updatedAt: s.updatedAt,
    updatedBy: s.updatedBy ?? null,
    version: s.version,
  };
};

const indexAttributes = (service: Service) => {
  const sortKey = serviceListSortKey(service.name, service.id);
  return {
    gsi1pk: serviceListPartition,
    gsi1sk: sortKey,
    gsi2pk: serviceActivePartition(service.active),
    gsi2sk: sortKey,
  };
};

/** `createdBy` is the caller's `sub`. */
export const createService = async (input: ServiceInput, createdBy: string): Promise<Service> => {
  const service: Service = newRecord(input, createdBy);
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...serviceKey(service.id), entity: 'service', ...indexAttributes(service), ...service },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return service;
};

export const getService = async (id: string): Promise<Service | undefined> => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName(), Key: serviceKey(id) }));
  return Item ? toService(Item) : undefined;
};

/** `updatedBy` is the caller's `sub`. */
export const replaceService = (
  id: string,
  input: ServiceInput,
  ifMatch: VersionPrecondition | undefined,
  updatedBy: string,
): Promise<Service> =>
  replaceWithRetry(ifMatch, async () => {
    const current = await getService(id);
    if (!current) throw new Problem('not-found', 'No service has this id');
    assertPrecondition(ifMatch, current.version);
    const next = nextVersion(current, { ...input, updatedBy });
    try {
      await documentClient.send(new UpdateCommand(versionedUpdate(serviceKey(id), next, indexAttributes(next))));
      return next;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw new VersionChanged();
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
    toRecord: toService,
  });
