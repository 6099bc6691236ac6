import type { MailAttachment, MailContent } from './mime-message.ts';

/** Who a studio's mail to a contact is from and to. */
export interface StudioMailParties {
  from: string;
  to: string;
  studio: { legalName: string; email: string };
  contact: { firstName: string; lastName: string };
}

/**
 * A German plain-text mail from the studio to a contact: the studio's name as the sender (the sending identity is
 * the studio's), replies to the studio's own address, and `body` between the greeting and the closing.
 */
export const studioMail = (
  mail: StudioMailParties,
  subject: string,
  body: readonly string[],
  attachments: readonly MailAttachment[] = [],
): MailContent => ({
  from: mail.from,
  fromName: mail.studio.legalName,
  to: mail.to,
  replyTo: mail.studio.email,
  subject,
  text: [
    `Guten Tag ${mail.contact.firstName} ${mail.contact.lastName},`,
    '',
    ...body,
    '',
    `Bei Fragen erreichen Sie uns unter ${mail.studio.email}.`,
    '',
    'Mit freundlichen Grüßen',
    mail.studio.legalName,
  ].join('\n'),
  attachments,
});
