import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { studioKey } from './keys.ts';

/** What a reminder takes of the studio's profile: the account the member pays into and the Mahnung's fee. */
export interface ReminderTerms {
  iban: string | null;
  /** Cents; 0 without a `reminderFee`. */
  fee: number;
}

/**
 * The studio's reminder terms: one GetItem of the profile's two attributes, read consistently as the profile is. A
 * reminder needs nothing else of it, and the profile's schema (its input rules and their texts) stays out of the
 * reminder's function (docs/performance.md, bundles).
 */
export const studioReminderTerms = async (): Promise<ReminderTerms> => {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: tableName(),
      Key: studioKey,
      ConsistentRead: true,
      ProjectionExpression: '#fee, #sepa.#iban',
      ExpressionAttributeNames: { '#fee': 'reminderFee', '#sepa': 'sepa', '#iban': 'iban' },
    }),
  );
  const profile = Item as { reminderFee?: { amount: number } | null; sepa?: { iban?: string } | null } | undefined;
  return { iban: profile?.sepa?.iban ?? null, fee: profile?.reminderFee?.amount ?? 0 };
};
