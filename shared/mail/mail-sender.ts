import type { MimeMessage } from './mime-message.ts';

/** Hands a finished message to a transport: SES in AWS, the outbox folder locally. */
export interface MailSender {
  send(message: MimeMessage): Promise<{ messageId: string }>;
}
