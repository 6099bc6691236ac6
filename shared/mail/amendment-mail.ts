import type { ContractCopyMail } from './contract-copy-mail.ts';
import type { MailContent } from './mime-message.ts';
import { studioMail } from './studio-mail.ts';

/** What the amendment's mail names: what the copy's names, the amendment's title and its number. */
export interface AmendmentMail extends ContractCopyMail {
  /** „Preisänderung zum Vertrag 2026-000001“ and the like. */
  title: string;
  amendmentNumber: string;
}

/**
 * An agreed amendment sent to the customer (docs/amendments.md, "Das Dokument der Vereinbarung"): its copy in text
 * form (§ 126b BGB), in German, as plain text, with the kept PDF attached.
 */
export const amendmentMail = (mail: AmendmentMail): MailContent =>
  studioMail(
    mail,
    `${mail.title}: Ihre Änderungsvereinbarung Nr. ${mail.amendmentNumber}`,
    [
      `vielen Dank für Ihre Zustimmung. Anbei erhalten Sie Ihr Exemplar der Änderungsvereinbarung Nr. ${mail.amendmentNumber} zu Ihrem Vertrag Nr. ${mail.contractNumber} mit ${mail.studio.legalName} als PDF-Datei (${mail.fileName}).`,
      'Bitte bewahren Sie die Datei auf: Sie ist Ihre Kopie der Vereinbarung auf einem dauerhaften Datenträger. Die Datei ist elektronisch signiert; die letzte Seite („Prüfprotokoll“) erklärt die Einzelheiten.',
    ],
    [{ fileName: mail.fileName, contentType: 'application/pdf', bytes: mail.pdf }],
  );
