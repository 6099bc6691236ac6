import type { MailContent } from './mime-message.ts';

/** What the cover text names: the contract's number, its parties, and the PDF. */
export interface ContractCopyMail {
  from: string;
  to: string;
  contractNumber: string;
  studio: { legalName: string; email: string };
  contact: { firstName: string; lastName: string };
  pdf: Uint8Array;
  fileName: string;
}

/** The message that carries the customer's copy (docs/walkthrough.md, "The customer's copy"), in German. */
export const contractCopyMail = (mail: ContractCopyMail): MailContent => ({
  from: mail.from,
  // The sending identity is the studio's, so its name is the sender's; replies go to the studio's own address.
  fromName: mail.studio.legalName,
  to: mail.to,
  replyTo: mail.studio.email,
  subject: `Ihr Vertrag Nr. ${mail.contractNumber} mit ${mail.studio.legalName}`,
  text: [
    `Guten Tag ${mail.contact.firstName} ${mail.contact.lastName},`,
    '',
    `anbei erhalten Sie Ihr Exemplar des Vertrags Nr. ${mail.contractNumber} mit ${mail.studio.legalName} als PDF-Datei (${mail.fileName}).`,
    'Bitte bewahren Sie die Datei auf: Sie ist Ihre Kopie des Vertrags auf einem dauerhaften Datenträger.',
    'Die Datei ist elektronisch signiert. Jedes PDF-Programm mit Signaturprüfung zeigt, ob sie seit ihrer Erstellung verändert wurde; die letzte Seite („Prüfprotokoll“) erklärt die Einzelheiten.',
    '',
    `Bei Fragen erreichen Sie uns unter ${mail.studio.email}.`,
    '',
    'Mit freundlichen Grüßen',
    mail.studio.legalName,
  ].join('\n'),
  attachments: [{ fileName: mail.fileName, contentType: 'application/pdf', bytes: mail.pdf }],
});
