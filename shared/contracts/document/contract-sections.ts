import type { PDFDocument } from '@cantoo/pdf-lib';
import { drawSignatureImage } from '../../pdf/draw-signature-image.ts';
import { contentWidth, grey, lineHeight, margin, type PageLayout, styles } from '../../pdf/page-layout.ts';
import { noTermsAgreed } from '../term-sentences.ts';
import type {
  ContactParty,
  ContractDocumentInput,
  ContractForDocument,
  PostalAddress,
  StudioParty,
} from './contract-for-document.ts';
import {
  billingIntervals,
  countryName,
  formatDate,
  formatLocalTime,
  formatMoney,
  intervalLabels,
  roleLabels,
} from './german-format.ts';

const addressLines = (address: PostalAddress) => [
  address.street,
  `${address.postalCode} ${address.city}`,
  countryName(address.country),
];

const studioLines = (studio: StudioParty) => [
  studio.legalName,
  ...addressLines(studio.address),
  ...(studio.representedBy ? [`Vertreten durch: ${studio.representedBy}`] : []),
  `E-Mail: ${studio.email}`,
  ...(studio.phone ? [`Telefon: ${studio.phone}`] : []),
  ...(studio.website ? [`Web: ${studio.website}`] : []),
  ...(studio.registerEntry ? [studio.registerEntry] : []),
  ...(studio.vatId ? [`USt-IdNr.: ${studio.vatId}`] : []),
];

const contactLines = (contact: ContactParty) => [
  `${contact.firstName} ${contact.lastName}`,
  ...(contact.address ? addressLines(contact.address) : ['Anschrift: nicht angegeben']),
  `E-Mail: ${contact.email ?? 'nicht angegeben'}`,
];

const columnWidth = (contentWidth - 24) / 2;

export const drawTitle = (layout: PageLayout, contract: ContractForDocument) => {
  layout.text(`Vertrag Nr. ${contract.number}`, styles.title);
  layout.text(`Erstellt am ${formatLocalTime(contract.createdAt, contract.studio.timeZone)}`, styles.small);
  layout.space(6);
};

export const drawParties = (layout: PageLayout, { studio, contact }: ContractForDocument) => {
  layout.heading('Vertragsparteien');
  layout.row([
    { x: margin.left, width: columnWidth, text: 'Anbieter (Studio)', style: styles.smallBold },
    { x: margin.left + columnWidth + 24, width: columnWidth, text: 'Kundin/Kunde', style: styles.smallBold },
  ]);
  layout.space(2);
  layout.row([
    { x: margin.left, width: columnWidth, text: studioLines(studio).join('\n') },
    { x: margin.left + columnWidth + 24, width: columnWidth, text: contactLines(contact).join('\n') },
  ]);
};

// Service name, quantity, unit price, interval, line total: widths add up to the content width with 8 pt gaps.
const columns = (() => {
  const quantity = 36;
  const unitPrice = 74;
  const interval = 84;
  const total = 74;
  const name = contentWidth - quantity - unitPrice - interval - total - 4 * 8;
  let x = margin.left;
  const next = (width: number) => {
    const column = { x, width };
    x += width + 8;
    return column;
  };
  return {
    name: next(name),
    quantity: next(quantity),
    unitPrice: next(unitPrice),
    interval: next(interval),
    total: next(total),
  };
})();

export const drawItems = (layout: PageLayout, contract: ContractForDocument) => {
  layout.heading('Leistungen');
  const header = (text: string, column: { x: number; width: number }, align: 'left' | 'right' = 'left') => ({
    ...column,
    text,
    align,
    style: styles.smallBold,
  });
  layout.row([
    header('Leistung', columns.name),
    header('Menge', columns.quantity, 'right'),
    header('Einzelpreis', columns.unitPrice, 'right'),
    header('Abrechnung', columns.interval),
    header('Gesamt', columns.total, 'right'),
  ]);
  layout.horizontalRule();
  for (const item of contract.items) {
    layout.row([
      { ...columns.name, text: item.name },
      { ...columns.quantity, text: String(item.quantity), align: 'right' },
      { ...columns.unitPrice, text: formatMoney(item.unitPrice), align: 'right' },
      { ...columns.interval, text: intervalLabels[item.billingInterval] },
      { ...columns.total, text: formatMoney(item.total), align: 'right' },
    ]);
    layout.space(3);
  }
  layout.horizontalRule();
  for (const interval of billingIntervals) {
    const total = contract.totals[interval];
    if (!total) continue;
    layout.row([
      {
        x: columns.name.x,
        width: columns.interval.x + columns.interval.width - columns.name.x,
        text: `Summe ${intervalLabels[interval]}`,
        style: styles.bodyBold,
        align: 'right',
      },
      { ...columns.total, text: formatMoney(total), style: styles.bodyBold, align: 'right' },
    ]);
  }
};

export const drawTerm = (layout: PageLayout, { contract, termSentences }: ContractDocumentInput) => {
  layout.heading('Laufzeit und Kündigung');
  layout.fact('Vertragsbeginn', formatDate(contract.startDate));
  // The sentence names the minimum term and its last day (as the signing page shows it): a label or a fact of its
  // own would say „Mindestlaufzeit“ twice.
  layout.fact('Laufzeit', termSentences.minimumTerm);
  layout.fact('Verlängerung', termSentences.renewal);
  layout.fact('Kündigung', termSentences.notice);
  if (contract.endsOn) layout.fact('Vertragsende', formatDate(contract.endsOn));
};

export const drawTerms = (layout: PageLayout, contract: ContractForDocument) => {
  layout.heading('Vertragsbedingungen');
  layout.text(contract.terms?.trim() ? contract.terms : noTermsAgreed);
};

export const drawEnding = (layout: PageLayout, contract: ContractForDocument) => {
  const { termination, studio } = contract;
  if (termination) {
    layout.heading('Kündigung');
    const kind = termination.kind === 'ordinary' ? 'Ordentliche Kündigung' : 'Außerordentliche Kündigung (§ 314 BGB)';
    layout.fact('Art', kind);
    layout.fact('Eingegangen am', formatDate(termination.receivedOn));
    layout.fact('Vertrag endet am', formatDate(termination.endsOn));
    layout.fact('Grund', termination.reason ?? 'nicht angegeben');
    layout.fact('Erfasst am', formatLocalTime(termination.recordedAt, studio.timeZone));
  }
  if (contract.cancelledAt) {
    layout.heading('Stornierung');
    layout.fact('Storniert am', formatLocalTime(contract.cancelledAt, studio.timeZone));
    layout.fact('Grund', contract.cancellationReason ?? 'nicht angegeben');
  }
};

const imageBox = { width: 190, height: 64 };

export const drawSignatures = async (
  layout: PageLayout,
  document: PDFDocument,
  { contract, signatureImages }: ContractDocumentInput,
) => {
  layout.heading('Unterschriften');
  // The customer always signs; the studio when the contract asks for it or has signed anyway.
  const roles = (['customer', 'studio'] as const).filter(
    (role) =>
      role === 'customer' ||
      contract.requireStudioSignature ||
      contract.signatures.some((signature) => signature.role === role),
  );
  for (const role of roles) {
    const signature = contract.signatures.find((candidate) => candidate.role === role);
    layout.ensure(imageBox.height + 4 * lineHeight(styles.body) + 10);
    const top = layout.y;
    const textX = margin.left + imageBox.width + 20;
    const textWidth = contentWidth - imageBox.width - 20;
    if (!signature) {
      layout.text(`${roleLabels[role]}: noch nicht unterschrieben`, styles.bodyBold);
      layout.space(8);
      continue;
    }
    const image = signatureImages.find((candidate) => candidate.role === role);
    const box = { x: margin.left, y: top - imageBox.height, ...imageBox };
    layout.page.drawRectangle({ ...box, borderColor: grey, borderWidth: 0.3, opacity: 0 });
    const drawn = image && (await drawSignatureImage(document, layout.page, image, box));
    layout.text(signature.signerName, styles.bodyBold, textX, textWidth);
    layout.text(roleLabels[role], styles.body, textX, textWidth);
    layout.text(
      `Unterschrieben am ${formatLocalTime(signature.signedAt, contract.studio.timeZone)}`,
      styles.body,
      textX,
      textWidth,
    );
    if (!drawn) layout.text('Das Unterschriftsbild liegt nicht vor.', styles.small, textX, textWidth);
    layout.space(Math.max(0, layout.y - (top - imageBox.height)) + 12);
  }
};
