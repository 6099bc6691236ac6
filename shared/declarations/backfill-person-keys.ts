import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { declarationFromItem, declarationItem, declarationListPartition } from './entity.ts';

/*
 * Once, after the deploy that added gsi4 (docs/privacy.md, "Declarations of a person"): a declaration stored before
 * carries neither the email's key (gsi2) nor its contract's (gsi4), so a person's export and erasure would not find
 * it. This sets both on every declaration of the list that lacks them, from the very function new ones are written
 * with. Safe to run again and beside the API: each update holds only on the version read, and a declaration
 * written since has its keys already.
 */

type Item = Record<string, unknown>;

const personKeys = ['gsi2pk', 'gsi2sk', 'gsi4pk', 'gsi4sk'] as const;

/** How many declarations got their keys, and how many had them. */
export interface BackfillReport {
  readonly keyed: number;
  readonly hadKeys: number;
}

const missingKeys = (item: Item): Partial<Record<(typeof personKeys)[number], unknown>> => {
  const keyed: Item = declarationItem(declarationFromItem(item));
  return Object.fromEntries(
    personKeys.flatMap((name) => (name in keyed && item[name] !== keyed[name] ? [[name, keyed[name]]] : [])),
  );
};

export const backfillDeclarationPersonKeys = async (): Promise<BackfillReport> => {
  let keyed = 0;
  let hadKeys = 0;
  let start: Item | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': declarationListPartition },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const missing = Object.entries(missingKeys(item));
      if (missing.length === 0) {
        hadKeys++;
        continue;
      }
      try {
        await documentClient.send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: `SET ${missing.map(([name]) => `#${name} = :${name}`).join(', ')}`,
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: {
              '#version': 'version',
              ...Object.fromEntries(missing.map(([name]) => [`#${name}`, name])),
            },
            ExpressionAttributeValues: {
              ':version': item.version,
              ...Object.fromEntries(missing.map(([name, value]) => [`:${name}`, value])),
            },
          }),
        );
        keyed++;
      } catch (error) {
        // Decided since it was read: that write put the whole item, keys included.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        hadKeys++;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { keyed, hadKeys };
};
