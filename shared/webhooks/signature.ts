import { createHmac, randomBytes } from 'node:crypto';

const secretPrefix = 'whsec_';
// The Standard Webhooks specification asks for 24 to 64 random bytes; 32 is HMAC-SHA256's block-sized sweet spot.
const secretBytes = 32;

/** The Standard Webhooks headers of one delivery attempt. */
export interface WebhookSignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** A new endpoint secret: `whsec_` and the standard base64 of 32 random bytes, shown to the owner once. */
export const newWebhookSecret = (): string => `${secretPrefix}${randomBytes(secretBytes).toString('base64')}`;

/** The HMAC key a secret stands for: the base64-decoded part after `whsec_`. */
export const webhookSigningKey = (secret: string): Buffer => {
  if (!secret.startsWith(secretPrefix)) throw new Error('A webhook secret starts with whsec_');
  const key = Buffer.from(secret.slice(secretPrefix.length), 'base64');
  if (key.length < 24) throw new Error('A webhook secret holds at least 24 bytes');
  return key;
};

/**
 * Signs `body` as the Standard Webhooks specification says: `v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.body`. The timestamp is the attempt's own (unix
 * seconds), so a receiver's replay window applies to each retry afresh.
 */
export const signWebhook = (
  secret: string,
  messageId: string,
  body: string,
  at: Date = new Date(),
): WebhookSignatureHeaders => {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac('sha256', webhookSigningKey(secret))
    .update(`${messageId}.${timestamp}.${body}`)
    .digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
};
