import type { MailContent } from './mime-message.ts';
import { type StudioMailParties, studioMail } from './studio-mail.ts';

/** What the cover text names: the contract's number, its parties, and the PDF. */
export interface ContractCopyMail extends StudioMailParties {
  contractNumber: string;
  pdf: Uint8Array;
  fileName: string;
}

/** The message that carries the customer's copy (docs/walkthrough.md, "The customer's copy"), in German. */
export const contractCopyMail = (mail: ContractCopyMail): MailContent =>
  studioMail(
    mail,
    `Ihr Vertrag Nr. ${mail.contractNumber} mit ${mail.studio.legalName}`,
    [
      `anbei erhalten Sie Ihr Exemplar des Vertrags Nr. ${mail.contractNumber} mit ${mail.studio.legalName} als PDF-Datei (${mail.fileName}).`,
      'Bitte bewahren Sie die Datei auf: Sie ist Ihre Kopie des Vertrags auf einem dauerhaften Datenträger.',
      'Die Datei ist elektronisch signiert. Jedes PDF-Programm mit Signaturprüfung zeigt, ob sie seit ihrer Erstellung verändert wurde; die letzte Seite („Prüfprotokoll“) erklärt die Einzelheiten.',
    ],
    [{ fileName: mail.fileName, contentType: 'application/pdf', bytes: mail.pdf }],
  );
