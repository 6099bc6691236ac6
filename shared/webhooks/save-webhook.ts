import { tableName } from '../db/client.ts';
import { replaceRecord } from '../db/record-store.ts';
import { newRecord } from '../db/versioned.ts';
import { write } from '../db/write.ts';
import type { VersionPrecondition } from '../http/if-match.ts';
import { Problem } from '../http/problem.ts';
import { localized } from '../messages/index.ts';
import { checkWebhookDestination, configuredDestinationMode, WebhookDestinationRefused } from './destination.ts';
import { webhookItem, webhookKey, webhookRecords } from './entity.ts';
import type { CreatedWebhook, Webhook, WebhookInput, WebhookReplaceInput } from './schema.ts';
import { configuredSecretBox } from './secret-box.ts';
import { newWebhookSecret } from './signature.ts';

/*
 * The writes that take a URL, apart from the webhook store: only they check the destination, so only their
 * functions carry the address classification (ipaddr.js, a CommonJS module that no bundler can drop).
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
