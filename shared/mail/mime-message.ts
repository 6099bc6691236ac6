import { randomUUID } from 'node:crypto';

/** A file sent along with a message. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface MailContent {
  from: string;
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
  from: string;
  to: string;
  /** Without angle brackets: `<id>@<domain>`. */
  messageId: string;
  raw: Uint8Array;
}

const crlf = '\r\n';
const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/** RFC 2047 encoded words (UTF-8, base64) for a header text that is not plain ASCII, each word ≤ 75 characters. */
export const encodeHeaderText = (text: string): string => {
  if (isAscii(text)) return text;
  const words: string[] = [];
  let chunk = '';
  for (const char of text) {
    // 39 bytes of UTF-8 become 52 base64 characters: with `=?UTF-8?B?`, `?=` and a header name
    // such as `Subject: ` the line stays within 78 (RFC 5322 §2.1.1, RFC 2047 §2).
    if (Buffer.byteLength(chunk + char) > 39) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join(`${crlf} `);
};

/** A header parameter: quoted when plain ASCII, else RFC 2231 (`name*=UTF-8''…`). */
const parameter = (name: string, value: string) =>
  isAscii(value) && !/["\\]/.test(value)
    ? `${name}="${value}"`
    : `${name}*=UTF-8''${encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/** Base64 in lines of 76 characters (RFC 2045 §6.8). */
const base64Lines = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join(crlf);

// An address header takes only the plain address: names with commas or quotes would need RFC 5322 quoting.
const plainAddress = (address: string) => {
  if (!/^[^\s<>(),;:"[\]\\@]+@[^\s<>(),;:"[\]\\@]+$/.test(address))
    throw new Error(`Not a plain mail address: ${address}`);
  return address;
};

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/** A multipart/mixed message: the text, then each attachment in base64. */
export const buildMimeMessage = (content: MailContent, date = new Date()): MimeMessage => {
  const from = plainAddress(content.from);
  const to = plainAddress(content.to);
  const messageId = `${randomUUID()}@${domainOf(from)}`;
  const boundary = `=_${randomUUID()}`;
  const headers = [
    `From: ${from}`,
    `To: ${to}`,
    ...(content.replyTo ? [`Reply-To: ${plainAddress(content.replyTo)}`] : []),
    `Subject: ${encodeHeaderText(content.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${messageId}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed;${crlf} boundary="${boundary}"`,
  ];
  const textPart = [
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(Buffer.from(content.text.replace(/\r?\n/g, crlf))),
  ];
  const attachmentParts = content.attachments.map((attachment) => {
    return [
      `Content-Type: ${attachment.contentType};${crlf} ${parameter('name', attachment.fileName)}`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment;${crlf} ${parameter('filename', attachment.fileName)}`,
      '',
      base64Lines(attachment.bytes),
    ];
  });
  const body = [textPart, ...attachmentParts].map((part) => `--${boundary}${crlf}${part.join(crlf)}${crlf}`).join('');
  const raw = `${headers.join(crlf)}${crlf}${crlf}${body}--${boundary}--${crlf}`;
  return { from, to, messageId, raw: Buffer.from(raw, 'utf8') };
};
