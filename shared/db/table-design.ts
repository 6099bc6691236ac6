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
  // The first three exist from the first deploy. CloudFormation adds at most
  // one GSI per table update, so a deploy may add one more, never two: gsi4
  // (a public declaration by the contract it was matched to, for the privacy
  // export and erasure) was added on its own (docs/privacy.md).
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
  ],
} as const;

export type IndexName = (typeof tableDesign.globalSecondaryIndexes)[number]['indexName'];
