/**
 * The one DynamoDB table, described once: the CDK stack and the local
 * DynamoDB Local bootstrap both build the table from this object, so the
 * keys the data layer writes always exist in both places.
 *
 * Generic key names (pk/sk, gsiNpk/gsiNsk) let each entity overload the
 * indexes with its own access patterns (see docs/architecture.md, "Access patterns").
 */
export const tableDesign = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expiresAt',
  // All three exist from the first deploy: CloudFormation can add only one
  // GSI per table update, so later features must not need a new one.
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export type IndexName = (typeof tableDesign.globalSecondaryIndexes)[number]['indexName'];
