import { addDays, addMonths, type CalendarDate, compareDates, minimumTermEndsOn } from '../dates.ts';
import type { AmendmentDocumentInput } from '../document/amendment-document.ts';
import { renderAmendmentDocument } from '../document/amendment-document.ts';
import { sealingOptions } from '../document/contract-document.ts';
import type { ContractItemForDocument } from '../document/contract-for-document.ts';
import { owedDuesOf } from '../dues/owed-dues.ts';
import type { ContractWithSignatures } from '../schema.ts';
import { getAmendmentSignatureImage } from './amendment-image.ts';
import type { Amendment } from './amendment-schema.ts';
import { inForceOnContract, itemsOnDay } from './in-force.ts';

/*
 * What an amendment's document shows beside the amendment itself (docs/amendments.md, "Das Dokument der
 * Vereinbarung"), computed as on the day it was agreed (or, for a draft, as if it were agreed now): the items it
 * replaces, the minimum term's end without and with it, and the dues from its first period on. Later amendments
 * and an early end are not part of it: the document shows what was signed.
 */

// Enough dues to show the change and the months after it, whatever the billing interval.
const duesShown = 4;

/** The agreed amendments as they stood when this one was agreed (or now, for an offer), without early ends. */
const agreedBefore = (amendments: readonly Amendment[], amendment: Amendment): Amendment[] =>
  amendments
    .filter(
      (other) =>
        other.id !== amendment.id &&
        other.status === 'agreed' &&
        (amendment.agreedAt === null || (other.agreedAt ?? '') < amendment.agreedAt),
    )
    .map((other) => ({ ...other, endedEarly: null }));

/** The item with the unit price and total it is charged on that day (a price step or a price change applied). */
const chargedOn = (item: ContractItemForDocument, day: CalendarDate): ContractItemForDocument => {
  const step = (item.priceSteps ?? []).findLast((candidate) => compareDates(candidate.from, day) <= 0);
  if (!step) return item;
  return {
    ...item,
    unitPrice: step.unitPrice,
    total: { ...step.unitPrice, amount: step.unitPrice.amount * item.quantity },
  };
};

export const amendmentDocumentInput = (
  contract: ContractWithSignatures,
  amendments: readonly Amendment[],
  amendment: Amendment,
  image: AmendmentDocumentInput['image'],
): AmendmentDocumentInput => {
  const before = agreedBefore(amendments, amendment);
  const withIt = [...before, { ...amendment, status: 'agreed' as const, endedEarly: null }];
  const dayBefore = addDays(amendment.effectiveFrom, -1);
  const itemsBefore = itemsOnDay(contract, before, dayBefore)
    .filter((item) => item.billingInterval !== 'once')
    .map((item) => chargedOn(item, dayBefore));
  const lastChanged = amendment.lastDay ?? amendment.effectiveFrom;
  const dues = owedDuesOf({ ...contract, ...inForceOnContract(withIt) }, { to: addMonths(lastChanged, 12) }).filter(
    (due) => compareDates(due.periodEnd, amendment.effectiveFrom) >= 0 && due.interval !== 'once',
  );
  return {
    contract,
    amendment,
    itemsBefore,
    minimumTermEndsOn: {
      before: minimumTermEndsOn({ ...contract, pauses: inForceOnContract(before).pauses }),
      after: minimumTermEndsOn({ ...contract, pauses: inForceOnContract(withIt).pauses }),
    },
    dues: dues.slice(0, duesShown),
    image,
  };
};

/**
 * The amendment's PDF: sealed with the sealing key once agreed, a draft without a seal before. A file of its own, so
 * that only the functions that render it carry the renderer.
 */
export const renderAmendmentFile = async (
  contract: ContractWithSignatures,
  amendments: readonly Amendment[],
  amendment: Amendment,
): Promise<Uint8Array> => {
  const agreed = amendment.status === 'agreed';
  const image = agreed ? await getAmendmentSignatureImage(amendment) : null;
  const input = amendmentDocumentInput(contract, amendments, amendment, image);
  return renderAmendmentDocument(input, agreed ? await sealingOptions() : null);
};
