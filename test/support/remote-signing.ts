import type { ParsedMail } from 'mailparser';
import { outboxMails } from './outbox.ts';

/** Every message in the outbox addressed to `address`, parsed as a mail client would read it. */
export const mailsTo = async (outbox: string, address: string): Promise<ParsedMail[]> =>
  (await outboxMails(outbox)).filter(
    (mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === address,
  );

/** The signing link a remote session mailed: the only place its token exists. */
export const signingLinkIn = (mail: ParsedMail): URL => {
  const link = mail.text?.match(/https?:\/\/\S+\/api\/sign#[A-Za-z0-9_-]{43}/)?.[0];
  if (!link) throw new Error(`No signing link in "${mail.subject}"`);
  return new URL(link);
};

/** The one signing link mailed to `address`; fails when there is none or more than one. */
export const theLinkMailedTo = async (outbox: string, address: string): Promise<{ mail: ParsedMail; url: URL }> => {
  const mails = await mailsTo(outbox, address);
  if (mails.length !== 1) throw new Error(`${mails.length} mails to ${address}, expected one`);
  const [mail] = mails as [ParsedMail];
  return { mail, url: signingLinkIn(mail) };
};
