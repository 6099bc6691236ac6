import type { MailContent } from './mime-message.ts';
import { type StudioMailParties, studioMail } from './studio-mail.ts';

/** What the cover text names: the contract's number, its parties, and the PDF. */
export interface ContractCopyMail extends StudioMailParties {
  contractNumber: string;
  pdf: Uint8Array;
  fileName: string;
  /** The documents of SEPA mandates signed after the contract's original was kept, attached after it. */
  mandateDocuments?: readonly { fileName: string; pdf: Uint8Array }[];
}

/** The message that carries the customer's copy (docs/walkthrough.md, "The customer's copy"), in German. */
export const contractCopyMail = (mail: ContractCopyMail): MailContent =>
  studioMail(
    mail,
    `Ihr Vertrag Nr. ${mail.contractNumber} mit ${mail.studio.legalName}`,
    [
      `anbei erhalten Sie Ihr Exemplar des Vertrags Nr. ${mail.contractNumber} mit ${mail.studio.legalName} als PDF-Datei (${mail.fileName}).`,
      'Bitte bewahren Sie die Datei auf: Sie ist Ihre Kopie des Vertrags auf einem dauerhaften Datenträger.',
      ...(mail.mandateDocuments?.length
        ? [
            `Ihr später erteiltes SEPA-Lastschriftmandat liegt als eigene Datei bei (${mail.mandateDocuments.map(({ fileName }) => fileName).join(', ')}).`,
          ]
        : []),
      'Die Datei ist elektronisch signiert. Jedes PDF-Programm mit Signaturprüfung zeigt, ob sie seit ihrer Erstellung verändert wurde; die letzte Seite („Prüfprotokoll“) erklärt die Einzelheiten.',
    ],
    [mail, ...(mail.mandateDocuments ?? [])].map(({ fileName, pdf }) => ({
      fileName,
      contentType: 'application/pdf',
      bytes: pdf,
    })),
  );
