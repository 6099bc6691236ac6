import { configuredMailTransport, type MailTransport } from './configured-mail-sender.ts';
import { buildMimeMessage, type MailContent } from './mime-message.ts';
import { type StudioMailParties, studioMail } from './studio-mail.ts';

/** What the mail with a remote signing link names: the studio, the contract, the link and until when it works. */
export interface SigningLinkMail extends StudioMailParties {
  contractNumber: string;
  /** Set when the link shows an amendment of the contract to agree to or decline, not the contract. */
  amendmentNumber?: string;
  url: string;
  /** The link's end as the studio's clock shows it: `03.12.2026, 14:03:12 MEZ`. */
  expiresAt: string;
}

/**
 * The remote signing link by email (docs/walkthrough.md, "Signing at home"), in German and as plain text: names go out as typed, never as
 * markup. The link is the only copy of the session's token; nobody else is ever shown it.
 */
export const signingLinkMail = (mail: SigningLinkMail): MailContent =>
  mail.amendmentNumber === undefined ? contractLinkMail(mail) : amendmentLinkMail(mail, mail.amendmentNumber);

const contractLinkMail = (mail: SigningLinkMail): MailContent =>
  studioMail(mail, `Ihr Vertrag Nr. ${mail.contractNumber} mit ${mail.studio.legalName} zum Unterschreiben`, [
    `${mail.studio.legalName} hat Ihnen den Vertrag Nr. ${mail.contractNumber} zum Unterschreiben geschickt.`,
    'Mit diesem Link lesen Sie den Vertrag und die Widerrufsbelehrung und unterschreiben ihn:',
    '',
    mail.url,
    '',
    `Der Link gilt bis ${mail.expiresAt} und nur für eine Unterschrift. Bitte geben Sie ihn nicht weiter.`,
    'Nach der Unterschrift können Sie Ihr Exemplar des Vertrags als PDF-Datei herunterladen.',
  ]);

/** An amendment's link: the change to read, and to agree to or decline, online. */
const amendmentLinkMail = (mail: SigningLinkMail, amendmentNumber: string): MailContent =>
  studioMail(
    mail,
    `Änderung ${amendmentNumber} Ihres Vertrags Nr. ${mail.contractNumber} mit ${mail.studio.legalName}`,
    [
      `${mail.studio.legalName} bietet Ihnen eine Änderung Ihres Vertrags Nr. ${mail.contractNumber} an (${amendmentNumber}).`,
      'Mit diesem Link lesen Sie, was sich ab wann ändert, und stimmen mit Ihrer Unterschrift zu oder lehnen ab:',
      '',
      mail.url,
      '',
      `Der Link gilt bis ${mail.expiresAt} und nur für eine Entscheidung. Bitte geben Sie ihn nicht weiter.`,
      'Ohne Ihre Zustimmung ändert sich nichts.',
    ],
  );

/** Sends the signing link; the id names the message in SES or the outbox. */
export const sendSigningLink = async (
  mail: Omit<SigningLinkMail, 'from'>,
  transport: MailTransport = configuredMailTransport(),
): Promise<{ messageId: string }> =>
  transport.sender.send(await buildMimeMessage(signingLinkMail({ ...mail, from: transport.from })));
