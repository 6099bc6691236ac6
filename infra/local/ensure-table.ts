import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
  type StreamSpecification,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { tableDesign } from '#shared/db/table-design.ts';

// The webhook dispatcher reads new event items from the table's stream, as the stack's table has it (infra/events.ts).
const stream: StreamSpecification = { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' };

const indexOf = (index: (typeof tableDesign.globalSecondaryIndexes)[number]) => ({
  IndexName: index.indexName,
  KeySchema: [
    { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
});

/**
 * A table made before webhooks existed gets its stream, events written before it are not announced; one made
 * before an index of the design gets it, one per update as in AWS (docs/privacy.md: how older items get its key).
 */
const ensureStreamAndIndexes = async (client: DynamoDBClient, tableName: string): Promise<void> => {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (!Table?.StreamSpecification?.StreamEnabled) {
    await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: stream }));
    await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  }
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of tableDesign.globalSecondaryIndexes.filter((index) => !present.has(index.indexName))) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
        GlobalSecondaryIndexUpdates: [{ Create: indexOf(index) }],
      }),
    );
    await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  }
};

/** Creates the table from the same design the CDK stack deploys (its stream too), unless it exists already. */
export const ensureTable = async (client: DynamoDBClient, tableName: string): Promise<void> => {
  const keys = [
    tableDesign.partitionKey,
    tableDesign.sortKey,
    ...tableDesign.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: keys.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: tableDesign.globalSecondaryIndexes.map(indexOf),
        StreamSpecification: stream,
      }),
    );
  } catch (error) {
    if (error instanceof ResourceInUseException) return ensureStreamAndIndexes(client, tableName);
    throw error;
  }
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDesign.timeToLiveAttribute, Enabled: true },
    }),
  );
};
