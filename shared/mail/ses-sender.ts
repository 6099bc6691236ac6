import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { MailSender } from './mail-sender.ts';

// Bounded like the DynamoDB and KMS clients: a hanging SES call must fail within the function timeout.
const boundedClient = () =>
  new SESv2Client({
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000, throwOnRequestTimeout: true },
  });

/**
 * Sends through Amazon SES v2 as a raw message, so the attachment goes as
 * built. `from` is the verified identity the function may send from; SES
 * answers with its own message id, which is the one to keep.
 */
export const sesSender = (from: string, client = boundedClient()): MailSender => ({
  send: async (message) => {
    if (message.from !== from) throw new Error(`SES may send only from ${from}, not ${message.from}`);
    const { MessageId } = await client.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [message.to] },
        Content: { Raw: { Data: message.raw } },
      }),
    );
    if (!MessageId) throw new Error('SES returned no message id');
    return { messageId: MessageId };
  },
});
