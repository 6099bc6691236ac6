import { formatLocalTime } from '../contracts/document/german-format.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import { Problem } from '../http/problem.ts';
import { sendSigningLink } from '../mail/signing-link-mail.ts';
import type { StoredSigningSession } from './schema.ts';
import { signingTexts } from './texts.ts';

/** Mails a remote session's link (a contract's, or an amendment's with its number) to `sendTo`, or to the contact's address; 422 when there is neither. */
export const sendLinkHome = async (
  contract: ContractWithSignatures,
  sendTo: string | null,
  url: string,
  session: StoredSigningSession,
  amendmentNumber?: string,
): Promise<{ to: string; messageId: string }> => {
  const to = sendTo ?? contract.contact.email;
  if (!to) {
    throw new Problem('unprocessable', signingTexts.localized('noLinkAddress'), {
      errors: [{ path: 'sendTo', message: signingTexts.localized('linkAddressRequired') }],
    });
  }
  const { messageId } = await sendSigningLink({
    to,
    contractNumber: contract.number,
    studio: { legalName: contract.studio.legalName, email: contract.studio.email },
    contact: { firstName: contract.contact.firstName, lastName: contract.contact.lastName },
    url,
    ...(amendmentNumber === undefined ? {} : { amendmentNumber }),
    expiresAt: formatLocalTime(session.validUntil, contract.studio.timeZone),
  });
  return { to, messageId };
};
