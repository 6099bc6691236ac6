import { PDFDocument } from '@cantoo/pdf-lib';
import { embedDocumentFonts } from '../../pdf/fonts.ts';
import { type PageLayout, pageLayout, styles } from '../../pdf/page-layout.ts';
import { typesetter } from '../../pdf/typesetter.ts';
import { amendmentKindTitles, amendmentTitle, pauseReasonLabels } from '../amendments/amendment-labels.ts';
import type { Amendment } from '../amendments/amendment-schema.ts';
import { drawAmendmentAuditPage } from './amendment-audit-page.ts';
import type {
  CalendarDate,
  ContractForDocument,
  ContractItemForDocument,
  Money,
  SignatureImageForDocument,
} from './contract-for-document.ts';
import { drawParties, drawSignatures } from './contract-sections.ts';
import { formatDate, formatLocalTime, formatMoney, intervalLabels } from './german-format.ts';
import {
  type ContractDocumentOptions,
  type DocumentIdentity,
  sealDocument,
  unsealedDraft,
} from './render-contract-document.ts';

/*
 * The amendment's document (docs/amendments.md, "Das Dokument der Vereinbarung"): German, both parties, the contract,
 * what changes from when, the minimum term's end and the dues that result, the customer's signature and an audit
 * page. Agreed, it is sealed like the contract's copy and kept once; offered, it is a draft, marked and not sealed.
 */

/** A due as the document lists it: the day, the period it pays and the amount. */
export interface AmendedDue {
  dueOn: CalendarDate;
  periodStart: CalendarDate;
  periodEnd: CalendarDate;
  amount: Money;
  proRata: boolean;
}

export interface AmendmentDocumentInput {
  contract: ContractForDocument;
  amendment: Amendment;
  /** The recurring items the day before `effectiveFrom`: what a price or items change replaces. */
  itemsBefore: readonly ContractItemForDocument[];
  /** The minimum term's last day without and with this amendment (null: none agreed). */
  minimumTermEndsOn: { before: CalendarDate | null; after: CalendarDate | null };
  /** The dues from the period the change begins in on, with it in force. */
  dues: readonly AmendedDue[];
  /** The customer's drawn signature, once agreed. */
  image: Omit<SignatureImageForDocument, 'role'> | null;
}

export const amendmentDraftMark = 'Entwurf – noch nicht vereinbart';

/** `Aenderungsvereinbarung-2026-000001-A1.pdf`, for the draft and the stored document alike. */
export const amendmentDocumentFileName = (amendment: Pick<Amendment, 'number'>) =>
  `Aenderungsvereinbarung-${amendment.number}.pdf`;

const daysFromTo = (from: CalendarDate, to: CalendarDate) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

const itemLine = (item: ContractItemForDocument) =>
  `${item.quantity} × ${item.name}: ${formatMoney(item.unitPrice)} ${intervalLabels[item.billingInterval]}, zusammen ${formatMoney(item.total)}`;

const drawPause = (layout: PageLayout, { amendment }: AmendmentDocumentInput) => {
  const lastDay = amendment.lastDay as CalendarDate;
  const days = daysFromTo(amendment.effectiveFrom, lastDay);
  layout.fact(
    'Ruhezeit',
    `vom ${formatDate(amendment.effectiveFrom)} bis einschließlich ${formatDate(lastDay)} (${days} Tage)`,
  );
  layout.fact('Grund', pauseReasonLabels[amendment.reason ?? 'other']);
  const fee = amendment.monthlyFee;
  layout.fact(
    'Beiträge',
    fee && fee.amount > 0
      ? `Für die ruhenden Tage wird kein Beitrag berechnet, stattdessen eine Ruhezeitgebühr von ${formatMoney(fee)} je Monat, anteilig für die ruhenden Tage.`
      : 'Für die ruhenden Tage wird kein Beitrag berechnet; eine Ruhezeitgebühr fällt nicht an.',
  );
  layout.fact(
    'Mindestlaufzeit',
    amendment.extendsTerm
      ? `Die Mindestlaufzeit verlängert sich um die ${days} ruhenden Tage.`
      : 'Die Mindestlaufzeit verlängert sich nicht.',
  );
};

const drawPriceChange = (layout: PageLayout, { amendment, itemsBefore }: AmendmentDocumentInput) => {
  layout.fact('Ab', `dem Abrechnungszeitraum, der am ${formatDate(amendment.effectiveFrom)} beginnt`);
  for (const item of amendment.items ?? []) {
    const before = itemsBefore.find((candidate) => candidate.serviceId === item.serviceId);
    layout.fact(
      item.name,
      `Einzelpreis bisher ${before ? formatMoney(before.unitPrice) : '–'}, neu ${formatMoney(item.unitPrice)} ${intervalLabels[item.billingInterval]} (× ${item.quantity} = ${formatMoney(item.total)})`,
    );
  }
};

const drawItemsChange = (layout: PageLayout, { amendment, itemsBefore }: AmendmentDocumentInput) => {
  layout.fact('Ab', `dem Abrechnungszeitraum, der am ${formatDate(amendment.effectiveFrom)} beginnt`);
  layout.fact('Bisher', itemsBefore.map(itemLine).join('\n'));
  layout.fact('Neu', (amendment.items ?? []).map(itemLine).join('\n'));
};

const drawResult = (layout: PageLayout, { minimumTermEndsOn, dues }: AmendmentDocumentInput) => {
  layout.heading('Was daraus folgt');
  const { before, after } = minimumTermEndsOn;
  layout.fact(
    'Ende der Mindestlaufzeit',
    after === null
      ? 'keine Mindestlaufzeit'
      : before === after
        ? `${formatDate(after)} (unverändert)`
        : `${formatDate(after)} (bisher ${before ? formatDate(before) : 'keine'})`,
  );
  dues.forEach((due, index) => {
    const share = due.proRata ? ', anteilig' : '';
    layout.fact(
      index === 0 ? 'Beiträge danach' : '',
      `${formatDate(due.dueOn)}: ${formatMoney(due.amount)} (Zeitraum ${formatDate(due.periodStart)} – ${formatDate(due.periodEnd)}${share})`,
    );
  });
  layout.text(
    'Ein bereits eingezogener Beitrag ändert sich nicht. Alle übrigen Bestimmungen des Vertrags gelten unverändert weiter.',
    styles.small,
  );
};

const changes = { pause: drawPause, price: drawPriceChange, items: drawItemsChange } as const;

/**
 * The amendment as a PDF: sealed once agreed (the customer's signature and its evidence in it), a draft marked on
 * every page and not sealed before. The same amendment always renders to the same content.
 */
export const renderAmendmentDocument = async (
  input: AmendmentDocumentInput,
  options: ContractDocumentOptions | null,
): Promise<Uint8Array> => {
  const { contract, amendment } = input;
  const agreed = amendment.status === 'agreed' && amendment.signature !== null;
  const document = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedDocumentFonts(document, [JSON.stringify(input.contract), JSON.stringify(amendment)]);
  const layout = pageLayout(document, typesetter(fonts));
  const { timeZone } = contract.studio;

  layout.text(amendmentTitle(amendment, contract.number), styles.title);
  layout.text(`Änderungsvereinbarung Nr. ${amendment.number}`, styles.bodyBold);
  layout.text(
    `Angeboten am ${formatLocalTime(amendment.offeredAt, timeZone)}, annehmbar bis zum ${formatDate(amendment.offerExpiresOn)}`,
    styles.small,
  );
  layout.space(6);
  drawParties(layout, contract);
  layout.heading('Der Vertrag');
  layout.fact('Vertrag', `Nr. ${contract.number}, Beginn ${formatDate(contract.startDate)}`);
  layout.fact('Dokument-Hash', amendment.documentHash);
  layout.heading('Was sich ändert');
  changes[amendment.kind](layout, input);
  drawResult(layout, input);
  layout.heading('Zustimmung');
  layout.text(
    'Die Änderung gilt nur, wenn die Kundin/der Kunde ihr mit der Unterschrift zustimmt; Schweigen, Weiterzahlen oder Weitertrainieren ist keine Zustimmung. Das Angebot des Studios ist dessen Zustimmung.',
  );
  const { signature } = amendment;
  await drawSignatures(layout, document, {
    contract: {
      ...contract,
      requireStudioSignature: false,
      signatures: signature ? [{ ...signature, role: 'customer', documentHash: amendment.documentHash }] : [],
    },
    signatureImages: input.image ? [{ role: 'customer', ...input.image }] : [],
    termSentences: { minimumTerm: '', renewal: '', notice: '' },
  });

  const identity: DocumentIdentity = {
    title: `${amendmentKindTitles[amendment.kind]} ${amendment.number}`,
    subject: `${amendmentTitle(amendment, contract.number)}, Änderungsvereinbarung Nr. ${amendment.number}`,
    modifiedAt: amendment.agreedAt ?? amendment.offeredAt,
    idParts: ['amendment', amendment.number, amendment.status],
    reason: `Änderungsvereinbarung Nr. ${amendment.number}, Änderungs-Hash ${amendment.amendmentHash}`,
    signedMandate: null,
    header: `Änderungsvereinbarung Nr. ${amendment.number}`,
    mark: agreed ? null : { banner: amendmentDraftMark, watermark: 'ENTWURF' },
  };
  if (!agreed || !options) return unsealedDraft(document, layout, fonts, contract, identity);
  drawAmendmentAuditPage(layout, input, options.certificate, amendmentDocumentFileName(amendment));
  return sealDocument(document, layout, fonts, contract, identity, options);
};
