import { type PageLayout, styles } from '../../pdf/page-layout.ts';
import { withdrawalPageUrl } from '../../signing/public-origin.ts';
import { earlyStartRequest, withdrawalForm, withdrawalNotice } from '../withdrawal/withdrawal-notice.ts';
import type { ContractForDocument } from './contract-for-document.ts';
import { formatDate } from './german-format.ts';

/** The right of withdrawal of a contract signed away from the studio, as its document shows it. */
export interface WithdrawalForDocument {
  periodEndsOn: string;
  requestedEarlyStart: boolean;
}

type WithdrawalContract = Pick<ContractForDocument, 'studio' | 'number' | 'startDate'>;

// The Belehrung names the „Vertrag widerrufen“ page as the signing page did (withdrawalPageUrl): a rendered
// document must not depend on which request happened to render it.
const withdrawalPage = withdrawalPageUrl;

/** Every text the pages below print, for the font subset. */
export const withdrawalPageTexts = (contract: WithdrawalContract, withdrawal: WithdrawalForDocument): string[] => {
  const notice = withdrawalNotice(contract.studio, withdrawalPage());
  const form = withdrawalForm(contract.studio, contract.number);
  return [
    notice.heading,
    ...notice.sections.flatMap((section) => [section.heading, ...section.paragraphs]),
    form.heading,
    ...form.paragraphs,
    earlyStartRequest(contract.startDate, withdrawal.periodEndsOn),
    'Die Widerrufsfrist endet am 00.00.0000. Vorzeitiger Beginn verlangt: ja nein [x] [ ]',
  ];
};

/**
 * A contract concluded away from the studio (§§ 312b, 312c BGB): the Widerrufsbelehrung (Anlage 1 EGBGB) with the
 * period's last day and the customer's answer to the early-start question, then the Muster-Widerrufsformular
 * (Anlage 2 EGBGB) on a page of its own, to be filled in and sent back.
 */
export const drawWithdrawalPages = (
  layout: PageLayout,
  contract: WithdrawalContract,
  withdrawal: WithdrawalForDocument,
) => {
  const notice = withdrawalNotice(contract.studio, withdrawalPage());
  layout.newPage();
  layout.text(notice.heading, styles.title);
  layout.space(6);
  for (const section of notice.sections) {
    layout.heading(section.heading);
    for (const paragraph of section.paragraphs) {
      layout.text(paragraph);
      layout.space(4);
    }
  }
  layout.heading('Ihre Widerrufsfrist');
  layout.text(`Die Widerrufsfrist endet am ${formatDate(withdrawal.periodEndsOn)}.`, styles.bodyBold);
  if (contract.startDate <= withdrawal.periodEndsOn) {
    layout.space(4);
    layout.text(
      `${withdrawal.requestedEarlyStart ? '[x]' : '[ ]'} ${earlyStartRequest(contract.startDate, withdrawal.periodEndsOn)}`,
    );
    layout.text(`Vorzeitiger Beginn verlangt: ${withdrawal.requestedEarlyStart ? 'ja' : 'nein'}`, styles.small);
  }

  const form = withdrawalForm(contract.studio, contract.number);
  layout.newPage();
  layout.text(form.heading, styles.title);
  layout.space(10);
  for (const line of form.paragraphs) {
    layout.text(line);
    // Room to write the answer by hand.
    layout.space(line.endsWith(':') ? 28 : 6);
  }
};
