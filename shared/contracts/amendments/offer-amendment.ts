import { now } from '../../clock.ts';
import { storedDuesOf } from '../../collections/stored-due-items.ts';
import { ConditionFailed, WriteContention } from '../../db/errors.ts';
import { write } from '../../db/write.ts';
import { newId } from '../../http/ids.ts';
import { type Message, Problem } from '../../http/problem.ts';
import { localized } from '../../messages/index.ts';
import { periodStartOnOrAfter, type RecurringInterval } from '../../sepa/periods.ts';
import type { Service } from '../../services/schema.ts';
import { getService } from '../../services/store.ts';
import { todayOf } from '../computed-dates.ts';
import { addDays, type CalendarDate, compareDates, laterOf, minimumTermEndsOn } from '../dates.ts';
import type { ContractItem, ContractWithSignatures } from '../schema.ts';
import { amendmentTexts, contractTexts } from '../texts.ts';
import { amendmentNumber, amendmentSequenceOf } from './amendment-entity.ts';
import { amendmentHash } from './amendment-hash.ts';
import type { Amendment } from './amendment-schema.ts';
import { getContractAndAmendments } from './amendment-store.ts';
import { offerWrites } from './amendment-writes.ts';
import { refuseUnlessRunning } from './decide-amendment.ts';
import { itemsOnDay, pauseInForce } from './in-force.ts';
import type { AmendmentInput, ItemsInput, PauseInput, PriceInput } from './offer-input.ts';

/* `POST /api/contracts/:id/amendments` (docs/amendments.md, "Offer"): every check of §17, then one transaction. */

const invalid = (path: string, message: Message) =>
  new Problem('validation-failed', localized('validation.invalidFields', 'body', 1), { errors: [{ path, message }] });
const unusable = (detail: Message, path: string, message: Message) =>
  new Problem('unprocessable', detail, { errors: [{ path, message }] });
const conflict = (detail: Message, path: string, message: Message) =>
  new Problem('conflict', detail, { errors: [{ path, message }] });

/** A pause's days must not overlap another open or agreed pause, nor lie in a due already collected. */
export const refuseBlockedPause = async (
  contract: ContractWithSignatures,
  amendments: readonly Amendment[],
  pause: { id?: string; from: CalendarDate; lastDay: CalendarDate },
) => {
  const other = amendments
    .filter((amendment) => amendment.id !== pause.id && amendment.kind === 'pause')
    .filter((amendment) => amendment.status === 'offered' || amendment.status === 'agreed')
    .map((amendment) => ({ number: amendment.number, ...pauseInForce(amendment) }))
    .find((candidate) => candidate.from <= pause.lastDay && pause.from <= candidate.lastDay);
  if (other) {
    throw conflict(
      amendmentTexts.localized('pauseOverlapsDetail'),
      'effectiveFrom',
      amendmentTexts.localized('pauseOverlaps', other.number, other.from, other.lastDay),
    );
  }
  // A yearly due charged on its first day covers at most 366 days before the pause begins.
  const stored = await storedDuesOf(contract, { from: addDays(pause.from, -366), to: pause.lastDay });
  const collected = stored.find(
    (due) => due.status === 'collected' && due.periodStart <= pause.lastDay && pause.from <= due.periodEnd,
  );
  if (collected) {
    throw conflict(
      amendmentTexts.localized('pauseInCollectedDueDetail'),
      'effectiveFrom',
      amendmentTexts.localized('pauseInCollectedDue', collected.id, collected.periodStart, collected.periodEnd),
    );
  }
};

const currencyOf = (contract: ContractWithSignatures) => contract.items[0]?.unitPrice.currency ?? 'EUR';

const pauseFields = async (
  input: PauseInput,
  contract: ContractWithSignatures,
  amendments: readonly Amendment[],
  today: CalendarDate,
) => {
  const earliest = laterOf(addDays(today, -30), contract.startDate);
  if (input.effectiveFrom < earliest) {
    throw invalid('effectiveFrom', amendmentTexts.localized('pauseStartTooEarly', earliest));
  }
  if (contract.endsOn !== null && input.lastDay > contract.endsOn) {
    throw invalid('lastDay', amendmentTexts.localized('pauseAfterEnd', contract.endsOn));
  }
  if (input.monthlyFee.currency !== currencyOf(contract)) {
    throw unusable(
      contractTexts.localized('oneCurrency'),
      'monthlyFee.currency',
      amendmentTexts.localized('currencyOfContract', currencyOf(contract)),
    );
  }
  if (input.extendsTerm) {
    const termEnd = minimumTermEndsOn(contract);
    if (termEnd === null) throw invalid('extendsTerm', amendmentTexts.localized('noMinimumTermToExtend'));
    if (input.effectiveFrom > termEnd) {
      throw invalid('extendsTerm', amendmentTexts.localized('extendsTermAfterMinimum', termEnd));
    }
    // A pause never moves an end fixed before it was agreed.
    if (contract.termination) {
      throw conflict(
        amendmentTexts.localized('terminatedEndStays', contract.termination.endsOn),
        'extendsTerm',
        amendmentTexts.localized('terminatedEndStays', contract.termination.endsOn),
      );
    }
  }
  await refuseBlockedPause(contract, amendments, { from: input.effectiveFrom, lastDay: input.lastDay });
  return {
    lastDay: input.lastDay,
    reason: input.reason,
    reasonText: input.reasonText,
    monthlyFee: input.monthlyFee,
    extendsTerm: input.extendsTerm,
    items: null,
  };
};

/**
 * The first day on or after `day` that starts a billing period of every interval given (anchored at the
 * start date, as the dues count), or null past the year 9999 or when the intervals never meet soon.
 */
const commonPeriodStart = (startDate: CalendarDate, intervals: readonly RecurringInterval[], day: CalendarDate) => {
  let candidate: CalendarDate | null = day;
  for (let round = 0; candidate !== null && round < 60; round++) {
    const from: CalendarDate = candidate;
    const starts = intervals.map((interval) => periodStartOnOrAfter(startDate, interval, from));
    if (starts.some((start) => start === null)) return null;
    const latest = (starts as CalendarDate[]).reduce((a, b) => laterOf(a, b), from);
    if (latest === from) return from;
    candidate = latest;
  }
  return null;
};

/** `effectiveFrom` of a price or items change: after today, the first day of a period of each item concerned. */
const refuseEffectiveDay = (
  effectiveFrom: CalendarDate,
  today: CalendarDate,
  contract: ContractWithSignatures,
  items: readonly ContractItem[],
) => {
  const intervals = [
    ...new Set(items.flatMap((item) => (item.billingInterval === 'once' ? [] : [item.billingInterval]))),
  ];
  const next = commonPeriodStart(contract.startDate, intervals, laterOf(effectiveFrom, addDays(today, 1)));
  if (next === effectiveFrom) return;
  throw invalid(
    'effectiveFrom',
    next === null
      ? contractTexts.localized('duesAfterYear9999')
      : amendmentTexts.localized('notPeriodStartAfterToday', next),
  );
};

const pricedItems = (input: PriceInput, contract: ContractWithSignatures, amendments: readonly Amendment[]) => {
  const current = itemsOnDay(contract, amendments, input.effectiveFrom);
  const seen = new Set<string>();
  return input.items.map((change, index) => {
    if (seen.has(change.serviceId)) throw invalid(`items.${index}.serviceId`, amendmentTexts.localized('namedTwice'));
    seen.add(change.serviceId);
    const item = current.find((candidate) => candidate.serviceId === change.serviceId);
    if (!item) {
      throw unusable(
        amendmentTexts.localized('itemNotInContractDetail'),
        `items.${index}.serviceId`,
        amendmentTexts.localized('itemNotInContract'),
      );
    }
    if (item.billingInterval === 'once') {
      throw unusable(
        amendmentTexts.localized('onceNotChangeable'),
        `items.${index}.serviceId`,
        amendmentTexts.localized('onceNotChangeable'),
      );
    }
    if (change.unitPrice.currency !== item.unitPrice.currency) {
      throw unusable(
        contractTexts.localized('oneCurrency'),
        `items.${index}.unitPrice.currency`,
        amendmentTexts.localized('currencyOfContract', item.unitPrice.currency),
      );
    }
    return {
      ...item,
      unitPrice: change.unitPrice,
      total: { ...change.unitPrice, amount: change.unitPrice.amount * item.quantity },
      priceSteps: [],
    };
  });
};

const copiedItems = async (input: ItemsInput, contract: ContractWithSignatures): Promise<ContractItem[]> => {
  const services = new Map(
    (await Promise.all([...new Set(input.items.map((item) => item.serviceId))].map(getService)))
      .filter((service): service is Service => service !== undefined)
      .map((service) => [service.id, service]),
  );
  const seen = new Set<string>();
  return input.items.map((item, index) => {
    const path = `items.${index}.serviceId`;
    if (seen.has(item.serviceId)) throw invalid(path, amendmentTexts.localized('namedTwice'));
    seen.add(item.serviceId);
    const service = services.get(item.serviceId);
    if (!service)
      throw unusable(contractTexts.localized('serviceNotFound'), path, contractTexts.localized('unknownService'));
    if (!service.active) {
      throw unusable(
        contractTexts.localized('serviceNoLongerOffered'),
        path,
        contractTexts.localized('serviceInactive'),
      );
    }
    if (service.billingInterval === 'once') {
      throw unusable(
        amendmentTexts.localized('onceNotChangeable'),
        path,
        amendmentTexts.localized('onceNotChangeable'),
      );
    }
    if (service.price.currency !== currencyOf(contract)) {
      throw unusable(
        contractTexts.localized('oneCurrency'),
        path,
        amendmentTexts.localized('currencyOfContract', currencyOf(contract)),
      );
    }
    return {
      serviceId: service.id,
      name: service.name,
      unitPrice: { ...service.price },
      billingInterval: service.billingInterval,
      quantity: item.quantity,
      total: { amount: service.price.amount * item.quantity, currency: service.price.currency },
      priceSteps: [],
    };
  });
};

const changeFields = async (
  input: PriceInput | ItemsInput,
  contract: ContractWithSignatures,
  amendments: readonly Amendment[],
  today: CalendarDate,
  offerExpiresOn: CalendarDate,
) => {
  const items = input.kind === 'price' ? pricedItems(input, contract, amendments) : await copiedItems(input, contract);
  const before = itemsOnDay(contract, amendments, input.effectiveFrom).filter(
    (item) => item.billingInterval !== 'once',
  );
  refuseEffectiveDay(input.effectiveFrom, today, contract, input.kind === 'price' ? items : [...before, ...items]);
  // A price is agreed before it applies, never after (BGH III ZR 247/06: no consent by paying on).
  const latest = addDays(input.effectiveFrom, -1);
  if (compareDates(offerExpiresOn, latest) > 0) {
    throw invalid('offerExpiresOn', amendmentTexts.localized('offerAfterEffective', latest));
  }
  return { lastDay: null, reason: null, reasonText: null, monthlyFee: null, extendsTerm: null, items };
};

const maxAttempts = 5;

/** Offers an amendment; two offers at once are decided one after the other on the contract's version. */
export const offerAmendment = async (
  contractId: string,
  input: AmendmentInput,
  offeredBy: string,
): Promise<Amendment> => {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const { contract, amendments } = await getContractAndAmendments(contractId);
    const at = now();
    const today = todayOf(contract, at);
    refuseUnlessRunning(contract, today);
    const offerExpiresOn = input.offerExpiresOn ?? addDays(today, 14);
    if (offerExpiresOn < today) throw invalid('offerExpiresOn', amendmentTexts.localized('notBeforeToday', today));
    const fields =
      input.kind === 'pause'
        ? await pauseFields(input, contract, amendments, today)
        : await changeFields(input, contract, amendments, today, offerExpiresOn);
    const sequence = Math.max(0, ...amendments.map((amendment) => amendmentSequenceOf(amendment.number))) + 1;
    const offeredAt = at.toISOString();
    const draft = {
      id: newId(),
      contractId,
      number: amendmentNumber(contract.number, sequence),
      kind: input.kind,
      status: 'offered' as const,
      effectiveFrom: input.effectiveFrom,
      offerExpiresOn,
      ...fields,
      documentHash: contract.documentHash,
      offeredAt,
      offeredBy,
      signature: null,
      agreedAt: null,
      declinedAt: null,
      declineReason: null,
      cancelledAt: null,
      cancellationReason: null,
      endedEarly: null,
      updatedAt: offeredAt,
      version: 1,
    };
    const amendment: Amendment = { ...draft, amendmentHash: amendmentHash(draft) };
    try {
      await write(offerWrites(contract, amendment), {
        result: amendment,
        change: { type: 'amendment.offered', id: amendment.id, version: amendment.version },
      });
      return amendment;
    } catch (error) {
      // Another offer took this k, or the contract changed: decide again on the fresh state.
      if (!(error instanceof ConditionFailed)) throw error;
    }
  }
  throw new WriteContention();
};
