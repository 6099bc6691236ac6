import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { eventEntity, eventFromItem } from '../outbox/outbox.ts';
import type { WebhookEvent } from '../webhooks/event.ts';

/** What a reader of the table's stream sees of a record: Lambda's DynamoDB records and GetRecords' records both fit. */
export interface StreamRecordLike {
  eventName?: string | undefined;
  dynamodb?: { NewImage?: Record<string, unknown> | undefined; SequenceNumber?: string | undefined } | undefined;
}

/** The event a stream record announces: an event item's INSERT, nothing else (the AWS filters say the same). */
export const eventOfRecord = (record: StreamRecordLike): WebhookEvent | undefined => {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  if (record.eventName !== 'INSERT' || image?.entity?.S !== eventEntity) return undefined;
  return eventFromItem(unmarshall(image));
};
