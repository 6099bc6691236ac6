import type { PDFDocument } from '@cantoo/pdf-lib';
import { drawSignatureImage } from '../../pdf/draw-signature-image.ts';
import { contentWidth, grey, lineHeight, margin, type PageLayout, rule, styles } from '../../pdf/page-layout.ts';
import type {
  ContractForDocument,
  DirectDebitForDocument,
  MandateForDocument,
  PaymentScheduleForDocument,
  RecurringDue,
} from './contract-for-document.ts';
import { countryName, formatDate, formatLocalTime, formatMoney } from './german-format.ts';
import { de as texts } from './schedule-texts.ts';

/*
 * The SEPA mandate on a page of its own, and the payment schedule that with the mandate's reference and the
 * creditor id is the pre-notification (docs/sepa.md, "The mandate in the PDF"). The page is German whatever
 * the studio's language, as the whole copy is; the schedule's words come from the contracts' catalogue
 * (schedule-texts.ts).
 */

/** `DE89370400440532013000` → `DE89 3704 0044 0532 0130 00`, as a bank's form prints it. */
export const formatIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');

const imageBox = { width: 190, height: 64 };

const drawMandateSignature = async (
  layout: PageLayout,
  document: PDFDocument,
  mandate: MandateForDocument,
  studio: ContractForDocument['studio'],
) => {
  layout.ensure(imageBox.height + 4 * lineHeight(styles.body) + 10);
  const { signature } = mandate;
  const top = layout.y;
  const box = { x: margin.left, y: top - imageBox.height, ...imageBox };
  const textX = margin.left + imageBox.width + 20;
  const textWidth = contentWidth - imageBox.width - 20;
  if (!signature) {
    // The empty line a paper mandate leaves for the signature.
    layout.page.drawLine({
      start: { x: margin.left, y: box.y },
      end: { x: margin.left + imageBox.width, y: box.y },
      thickness: 0.5,
      color: rule,
    });
    layout.text('Ort, Datum', styles.small, textX, textWidth);
    layout.text('Unterschrift der Kontoinhaberin/des Kontoinhabers', styles.small, textX, textWidth);
    layout.text('noch nicht unterschrieben', styles.bodyBold, textX, textWidth);
  } else {
    layout.page.drawRectangle({ ...box, borderColor: grey, borderWidth: 0.3, opacity: 0 });
    const drawn = mandate.image && (await drawSignatureImage(document, layout.page, mandate.image, box));
    layout.text(signature.signerName, styles.bodyBold, textX, textWidth);
    layout.text(
      `Ort, Datum: ${studio.address.city}, ${formatLocalTime(signature.signedAt, studio.timeZone)}`,
      styles.body,
      textX,
      textWidth,
    );
    if (!drawn) layout.text('Das Unterschriftsbild liegt nicht vor.', styles.small, textX, textWidth);
  }
  layout.space(Math.max(0, layout.y - box.y) + 12);
};

const dueDays = ({ interval, firstDueOn, fallsBack }: RecurringDue): string => {
  const [year, month, day] = firstDueOn.split('-').map(Number) as [number, number, number];
  if (interval === 'week') return texts.weeklyDueDays(new Date(Date.UTC(year, month - 1, day)).getUTCDay());
  const months =
    interval === 'month' ? [] : interval === 'year' ? [month] : [0, 3, 6, 9].map((n) => ((month - 1 + n) % 12) + 1);
  return texts.monthlyDueDays(day, months, fallsBack);
};

const drawSchedule = (
  layout: PageLayout,
  { mandate }: DirectDebitForDocument,
  schedule: PaymentScheduleForDocument,
  contract: ContractForDocument,
) => {
  if (schedule.firstDues.length === 0) return;
  layout.heading(texts.scheduleTitle);
  layout.text(texts.preNotification(mandate.creditor.name, mandate.creditor.creditorId, mandate.reference));
  layout.space(4);
  const labelWidth = 130;
  schedule.firstDues.forEach((due, index) => {
    const text = texts.scheduledDue(formatDate(due.dueOn), formatMoney(due.amount), due.interval);
    layout.fact(index === 0 ? texts.scheduleFirstDue : '', text, labelWidth);
  });
  schedule.recurring.forEach((due, index) => {
    const text = texts.recurringDue(due.interval, formatMoney(due.amount), dueDays(due));
    layout.fact(index === 0 ? texts.scheduleThen : '', text, labelWidth);
  });
  schedule.priceChanges.forEach((change, index) => {
    const text = texts.priceChange(formatDate(change.from), change.interval, formatMoney(change.amount));
    layout.fact(index === 0 ? texts.schedulePriceChanges : '', text, labelWidth);
  });
  const { lastDue } = schedule;
  if (lastDue && contract.endsOn) {
    const text = texts.proRataDue(formatDate(lastDue.dueOn), formatMoney(lastDue.amount), formatDate(contract.endsOn));
    layout.fact(texts.scheduleLastDue, text, labelWidth);
  }
  layout.fact('Mandatsreferenz', mandate.reference, labelWidth);
  layout.fact('Gläubiger-ID', mandate.creditor.creditorId, labelWidth);
};

/**
 * The mandate's page (the caller starts it): creditor, reference, the text the debtor signs, the account, the
 * signature, the schedule.
 */
export const drawMandatePage = async (
  layout: PageLayout,
  document: PDFDocument,
  directDebit: DirectDebitForDocument,
  contract: ContractForDocument,
) => {
  const { mandate, schedule } = directDebit;
  layout.text('SEPA-Lastschriftmandat', styles.title);
  layout.text(`zum Vertrag Nr. ${contract.number}`, styles.small);
  layout.space(6);
  const { street, postalCode, city, country } = contract.studio.address;
  layout.fact('Zahlungsempfänger', mandate.creditor.name);
  // The rulebook's mandate names the creditor's address beside its name (EPC SDD Core, DS-01).
  layout.fact('Anschrift', `${street}, ${postalCode} ${city}, ${countryName(country)}`);
  layout.fact('Gläubiger-ID', mandate.creditor.creditorId);
  layout.fact('Mandatsreferenz', mandate.reference);
  layout.fact('Art', 'SEPA-Basislastschrift, wiederkehrende Zahlungen');
  layout.space(6);
  layout.text(mandate.text);
  layout.space(6);
  layout.fact('Kontoinhaber/in', mandate.accountHolder);
  layout.fact('IBAN', formatIban(mandate.iban));
  layout.fact('BIC', mandate.bic ?? 'nicht angegeben');
  layout.space(10);
  await drawMandateSignature(layout, document, mandate, contract.studio);
  drawSchedule(layout, directDebit, schedule, contract);
};

/** What the mandate page writes that a fallback font may be needed for: the names and the account. */
export const mandatePageTexts = ({ mandate }: DirectDebitForDocument): string[] => [
  JSON.stringify({ ...mandate, image: null }),
];
