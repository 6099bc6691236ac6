import { DeleteTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';

/**
 * Direct access to the table behind the API, the way an attacker or a bad
 * migration would change it: for tests of what the API must detect.
 */
export const tableClient = (endpoint: string = inject('dynamoEndpoint')) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint,
      region: 'eu-central-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

/** Deletes a test file's table once the file is done with it (a table already gone is fine). */
export const dropTable = async (endpoint: string, tableName: string): Promise<void> => {
  const client = tableClient(endpoint);
  try {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  } finally {
    client.destroy();
  }
};

export const overwriteAttribute = async (key: { pk: string; sk: string }, path: string, value: unknown) => {
  const names: Record<string, string> = {};
  const expression = path
    .split('.')
    .map((part, index) => {
      const [name, ...indexes] = part.split('[');
      names[`#p${index}`] = name ?? part;
      return `#p${index}${indexes.map((rest) => `[${rest}`).join('')}`;
    })
    .join('.');
  await tableClient().send(
    new UpdateCommand({
      // The table this test file's API uses (set by useApi).
      TableName: process.env.TABLE_NAME,
      Key: key,
      UpdateExpression: `SET ${expression} = :value`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':value': value },
    }),
  );
};
