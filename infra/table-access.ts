import type { RouteDefinition } from '#shared/routes.ts';

/*
 * The DynamoDB actions a route's function may call, from the route table's `data` column. Every write of
 * the data layer is one TransactWriteItems, which IAM authorises per item by the item's own action
 * (`PutItem`, `UpdateItem`, `DeleteItem`, `ConditionCheckItem`); reads are GetItem and Query. No function
 * may Scan, and none batch-writes, so neither action is granted to any.
 */

const readActions = ['dynamodb:GetItem', 'dynamodb:Query'];
const writeActions = ['dynamodb:ConditionCheckItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];

/** The one action that reads an index: granted on the table's indexes as well as on the table. */
export const queryAction = 'dynamodb:Query';

/** What decides a function's table actions: a route's columns, or a background function's (which has no method). */
export type TableAccess = Pick<RouteDefinition, 'data'> &
  Partial<Pick<RouteDefinition, 'method' | 'deletes' | 'idempotentReplays'>>;

/** A POST that takes an `Idempotency-Key` deletes its claim on the key when the request fails. */
const releasesIdempotencyClaims = (route: TableAccess): boolean =>
  route.method === 'POST' && route.idempotentReplays !== false;

export const deletesItems = (route: TableAccess): boolean =>
  route.data === 'read-write' && (route.deletes === true || releasesIdempotencyClaims(route));

export const tableActionsOf = (route: TableAccess): string[] => {
  if (route.data === 'none') return [];
  return [
    ...readActions,
    ...(route.data === 'read-write' ? writeActions : []),
    ...(deletesItems(route) ? ['dynamodb:DeleteItem'] : []),
  ];
};
