import { randomUUID } from 'node:crypto';
import { now } from '../clock.ts';

/** A file sent along with a message. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface MailContent {
  from: string;
  /** Shown as the sender's name beside `from`, in any script: the studio's name, say. */
  fromName?: string;
  to: string;
  /** Where a reply goes: the studio, not the sending identity. */
  replyTo?: string;
  subject: string;
  /** Plain text; sent as UTF-8. */
  text: string;
  attachments: readonly MailAttachment[];
}

/** An RFC 5322 message ready to hand to a transport, with the id its Message-ID header names. */
export interface MimeMessage {
  /** The plain address the message is sent from, without its display name. */
  from: string;
  to: string;
  /** Without angle brackets: `<id>@<domain>`. */
  messageId: string;
  raw: Uint8Array;
}

// The composer would read an address list out of one string; ours are single plain addresses, and
// anything else (a second address, a line break that would add a header) is refused before it gets there.
const plainAddress = (address: string) => {
  if (!/^[^\s<>(),;:"[\]\\@]+@[^\s<>(),;:"[\]\\@]+$/.test(address))
    throw new Error(`Not a plain mail address: ${address}`);
  return address;
};

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/**
 * A multipart/mixed message: the text, then each attachment, composed by
 * nodemailer's MailComposer (header encoding and folding, display names,
 * RFC 2231 file names). It reads nothing but the bytes given here: file and
 * URL access are off.
 */
export const buildMimeMessage = async (content: MailContent, date = now()): Promise<MimeMessage> => {
  const from = plainAddress(content.from);
  const to = plainAddress(content.to);
  const replyTo = content.replyTo === undefined ? undefined : plainAddress(content.replyTo);
  const messageId = `${randomUUID()}@${domainOf(from)}`;
  // Loaded with the first message, not with the function: most requests of a function that can mail send none (a
  // session at the counter, a reminder refused), and nodemailer is most of such a function's bundle.
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const raw = await new MailComposer({
    from: content.fromName ? { name: content.fromName, address: from } : from,
    to,
    ...(replyTo ? { replyTo } : {}),
    subject: content.subject,
    text: content.text,
    date,
    messageId: `<${messageId}>`,
    attachments: content.attachments.map((attachment) => ({
      filename: attachment.fileName,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.bytes),
      contentTransferEncoding: 'base64',
    })),
    disableFileAccess: true,
    disableUrlAccess: true,
  })
    .compile()
    .build();
  return { from, to, messageId, raw };
};
