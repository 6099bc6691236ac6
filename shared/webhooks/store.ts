import { tableName } from '../db/client.ts';
import { ConditionFailed, NotFound, PreconditionFailed } from '../db/errors.ts';
import { type Page, type PageRequest, queryPage } from '../db/query-page.ts';
import { getExistingRecord, getRecord, replaceRecord } from '../db/record-store.ts';
import { checkPrecondition, newRecord } from '../db/versioned.ts';
import { write } from '../db/write.ts';
import type { VersionPrecondition } from '../http/if-match.ts';
import { Problem } from '../http/problem.ts';
import { localized } from '../messages/index.ts';
import { checkWebhookDestination, configuredDestinationMode, WebhookDestinationRefused } from './destination.ts';
import {
  deliveryFromItem,
  deliveryListKey,
  deliveryListPartition,
  webhookFromItem,
  webhookItem,
  webhookKey,
  webhookListKey,
  webhookListPartition,
  webhookRecords,
} from './entity.ts';
import type { CreatedWebhook, DeliveryRecord, Webhook, WebhookInput, WebhookReplaceInput } from './schema.ts';
import { configuredSecretBox } from './secret-box.ts';
import { newWebhookSecret } from './signature.ts';

/*
 * Webhook changes write no events of their own: the event types (docs/events-and-webhooks.md) announce changes
 * of the studio's data, and a webhook is the studio's plumbing.
 */

/** Refuses a URL the deliveries could not or must not go to (SSRF), as a 400 naming `url`. */
const checkUrl = async (url: string): Promise<void> => {
  try {
    await checkWebhookDestination(url, configuredDestinationMode());
  } catch (error) {
    if (!(error instanceof WebhookDestinationRefused)) throw error;
    throw new Problem('validation-failed', localized('validation.invalidFields', 'body', 1), {
      errors: [{ path: error.field, message: error.detail }],
    });
  }
};

/**
 * Creates an active webhook with a new secret, kept encrypted and bound to the
 * webhook's id; the answer is the only place the secret is ever shown.
 */
export const createWebhook = async (input: WebhookInput, createdBy: string): Promise<CreatedWebhook> => {
  await checkUrl(input.url);
  const webhook: Webhook = newRecord({ ...input, status: 'active' as const }, createdBy);
  const secret = newWebhookSecret();
  const encryptedSecret = await configuredSecretBox().encrypt(secret, webhook.id);
  await write([
    {
      Put: {
        TableName: tableName(),
        Item: webhookItem(webhook, encryptedSecret),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  return { ...webhook, secret };
};

export const getWebhook = (id: string): Promise<Webhook | undefined> => getRecord(webhookRecords, webhookKey(id));

export const getExistingWebhook = (id: string): Promise<Webhook> => getExistingRecord(webhookRecords, webhookKey(id));

/** Every webhook, oldest first. */
export const listWebhooks = (request: PageRequest): Promise<Page<Webhook>> =>
  queryPage({
    ...request,
    index: 'gsi1',
    partition: webhookListPartition,
    itemKey: webhookListKey,
    toRecord: webhookFromItem,
  });

/**
 * Replaces url, types, description and status (`active` re-enables a webhook
 * that a 410 disabled); the secret stays. Honours `If-Match` like every replace.
 */
export const replaceWebhook = async (
  id: string,
  input: WebhookReplaceInput,
  ifMatch: VersionPrecondition | undefined,
  updatedBy: string,
): Promise<Webhook> => {
  await checkUrl(input.url);
  return replaceRecord(webhookRecords, webhookKey(id), { input, ifMatch, updatedBy });
};

/**
 * Deletes the webhook: nothing more is delivered to it, not even attempts
 * already queued. Its attempts stay until they expire.
 */
export const deleteWebhook = async (id: string, ifMatch: VersionPrecondition | undefined): Promise<void> => {
  const current = await getExistingWebhook(id);
  checkPrecondition(ifMatch, current.version);
  try {
    await write([
      {
        Delete: {
          TableName: tableName(),
          Key: webhookKey(id),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
    ]);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    if (!error.itemAt(0)) throw new NotFound('webhook');
    throw new PreconditionFailed(undefined);
  }
};

/** The webhook's delivery attempts of the last 30 days, newest first: one Query per page. */
export const listDeliveries = async (webhookId: string, request: PageRequest): Promise<Page<DeliveryRecord>> => {
  await getExistingWebhook(webhookId);
  return queryPage({
    ...request,
    index: 'gsi3',
    partition: deliveryListPartition(webhookId),
    newestFirst: true,
    itemKey: deliveryListKey(webhookId),
    toRecord: deliveryFromItem,
  });
};
