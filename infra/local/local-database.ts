import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { localAwsEnvironment, type RunningDynamoDb, startDynamoDbLocal } from './dynamodb-local.ts';
import { ensureTable } from './ensure-table.ts';

export const defaultTableName = 'studio-api';

/**
 * Points this process's handlers at a DynamoDB Local endpoint and makes sure
 * the table exists. Call it before the first handler module is imported: like
 * Lambda, a handler reads its configuration when it is loaded.
 */
export const connectHandlers = async (endpoint: string, tableName = defaultTableName): Promise<void> => {
  // The local stand-in for the KMS sealing key lives with the local data.
  const sealKeyDirectory = resolve(process.env.SEAL_KEY_DIR ?? join(process.env.DATA_DIR ?? '.data', 'keys'));
  Object.assign(process.env, localAwsEnvironment, {
    DYNAMODB_ENDPOINT: endpoint,
    TABLE_NAME: tableName,
    SEAL_KEY_DIR: sealKeyDirectory,
  });
  const client = new DynamoDBClient({ endpoint });
  try {
    await ensureTable(client, tableName);
  } finally {
    client.destroy();
  }
};

/** DynamoDB Local with the table, its data kept under `dataDir` (or in memory without one). */
export const startLocalDatabase = async (dataDir?: string): Promise<RunningDynamoDb> => {
  const database = await startDynamoDbLocal(dataDir ? { dataDir } : {});
  try {
    await connectHandlers(database.endpoint);
  } catch (error) {
    await database.stop();
    throw error;
  }
  return database;
};
