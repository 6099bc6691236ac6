import type { ContractForDocument, TerminationForDocument } from './contract-for-document.ts';
import { formatDate, formatLocalTime } from './german-format.ts';
import type { ContractDocumentOptions } from './render-contract-document.ts';
import { renderStudioLetter } from './studio-letter.ts';

/*
 * The Kündigungsbestätigung (docs/documents.md, "The Kündigungsbestätigung"): a letter from the studio to the contact
 * that confirms a recorded termination and names the day the contract ends. German whatever the studio's
 * language, like the copy; sealed like it, so the customer can show it unaltered.
 */

/** A terminated contract, as the letter needs it. */
export type TerminatedContract = ContractForDocument & { termination: TerminationForDocument };

/** The letter's paragraphs after the salutation: what was received, how it was meant, and the end. */
export const terminationLetterParagraphs = ({ number, termination, studio }: TerminatedContract): string[] => {
  const kind =
    termination.kind === 'extraordinary' ? 'außerordentliche (fristlose) Kündigung' : 'ordentliche Kündigung';
  return [
    `wir bestätigen Ihnen den Eingang Ihrer Kündigung am ${formatDate(termination.receivedOn)}. Wir haben sie als ${kind} Ihres Vertrags Nr. ${number} erfasst.`,
    ...(termination.reason ? [`Angegebener Grund: ${termination.reason}`] : []),
    `Ihr Vertrag endet am ${formatDate(termination.endsOn)}. Bis zu diesem Tag können Sie unsere Leistungen wie vereinbart nutzen; Beiträge sind bis dahin zu zahlen.`,
    `Bei Fragen erreichen Sie uns unter ${studio.email}${studio.phone ? ` oder ${studio.phone}` : ''}.`,
  ];
};

/** The letter as a sealed PDF: the same contract and termination always render to the same content. */
export const renderTerminationLetter = (contract: TerminatedContract, options: ContractDocumentOptions) => {
  const { studio, termination } = contract;
  return renderStudioLetter(
    contract,
    {
      date: formatLocalTime(termination.recordedAt, studio.timeZone).split(',')[0] as string,
      subject: `Kündigungsbestätigung zu Ihrem Vertrag Nr. ${contract.number}`,
      paragraphs: terminationLetterParagraphs(contract),
      identity: {
        title: `Kündigungsbestätigung Vertrag Nr. ${contract.number}`,
        subject: `Kündigungsbestätigung zum Vertrag Nr. ${contract.number}: Vertragsende ${formatDate(termination.endsOn)}`,
        modifiedAt: termination.recordedAt,
        idParts: ['termination_confirmation', termination.recordedAt],
        reason: `Kündigungsbestätigung zum Vertrag Nr. ${contract.number}`,
        signedMandate: null,
      },
    },
    options,
  );
};
