import type { Contact } from '../contacts/schema.ts';
import { type Message, Problem } from '../http/problem.ts';
import { localized } from '../messages/index.ts';
import type { Money } from '../schema/fields.ts';
import { periodStartOnOrAfter } from '../sepa/periods.ts';
import type { BillingInterval, Service } from '../services/schema.ts';
import { studioCopy } from '../studio/entity.ts';
import type { Studio, StudioCopy } from '../studio/schema.ts';
import type { ContractInput } from './create-input.ts';
import type { CalendarDate } from './dates.ts';
import type { ContactCopy, ContractItem, PriceStep } from './schema.ts';
import { contractTexts } from './texts.ts';

const unusable = (detail: Message, path: string, message: Message) =>
  new Problem('unprocessable', detail, { errors: [{ path, message }] });

/** The profile's own fields as they are now: the studio as a party of this contract, whatever it becomes later. */
export const copyOfStudio = (studio: Studio): StudioCopy => studioCopy(studio);

export const copyOfContact = (contact: Contact): ContactCopy => ({
  firstName: contact.firstName,
  lastName: contact.lastName,
  email: contact.email,
  address: contact.address,
});

const invalidField = (path: string, message: Message) =>
  new Problem('validation-failed', localized('validation.invalidFields', 'body', 1), { errors: [{ path, message }] });

/**
 * Why a day cannot start a new price of an item (a price step, an agreed price or items change), or undefined
 * when it can: it must lie after `after` and be the first day of one of the item's billing periods, anchored
 * at the start date as the dues count them; the message names the next day that is.
 */
export const notAPeriodStart = (
  day: CalendarDate,
  interval: BillingInterval,
  startDate: CalendarDate,
): Message | undefined => {
  if (interval === 'once') return contractTexts.localized('noPeriods');
  const next = periodStartOnOrAfter(startDate, interval, day);
  if (next === day) return undefined;
  return next === null ? contractTexts.localized('duesAfterYear9999') : contractTexts.localized('notPeriodStart', next);
};

/** An item's price steps, in order, each after the start and the step before and on one of its period starts. */
const checkedPriceSteps = (
  steps: readonly PriceStep[],
  interval: BillingInterval,
  startDate: CalendarDate,
  path: string,
): PriceStep[] => {
  let previous: CalendarDate | undefined;
  steps.forEach((step, index) => {
    const at = `${path}.${index}.from`;
    if (step.from <= startDate) throw invalidField(at, contractTexts.localized('priceStepAfterStart', startDate));
    if (previous !== undefined && step.from <= previous) {
      throw invalidField(at, contractTexts.localized('priceStepAscending', previous));
    }
    const refusal = notAPeriodStart(step.from, interval, startDate);
    if (refusal) throw invalidField(at, refusal);
    previous = step.from;
  });
  return steps.map((step) => ({ from: step.from, unitPrice: { ...step.unitPrice } }));
};

/**
 * The contract's own copy of each item, priced from the services as they are
 * now: later changes to a service never change a signed price.
 */
export const copyItems = (input: ContractInput, services: ReadonlyMap<string, Service>): ContractItem[] => {
  const items = input.items.map((item, index) => {
    const service = services.get(item.serviceId);
    if (!service) {
      throw unusable(
        contractTexts.localized('serviceNotFound'),
        `items.${index}.serviceId`,
        contractTexts.localized('unknownService'),
      );
    }
    if (!service.active) {
      throw unusable(
        contractTexts.localized('serviceNoLongerOffered'),
        `items.${index}.serviceId`,
        contractTexts.localized('serviceInactive'),
      );
    }
    const { amount, currency } = service.price;
    const path = `items.${index}.priceSteps`;
    return {
      serviceId: service.id,
      name: service.name,
      unitPrice: { amount, currency },
      billingInterval: service.billingInterval,
      quantity: item.quantity,
      total: { amount: amount * item.quantity, currency },
      priceSteps: checkedPriceSteps(item.priceSteps ?? [], service.billingInterval, input.startDate, path),
    };
  });
  const currencies = new Set(
    items.flatMap((item) => [item.unitPrice.currency, ...item.priceSteps.map((step) => step.unitPrice.currency)]),
  );
  if (currencies.size > 1) {
    throw unusable(
      contractTexts.localized('oneCurrency'),
      'items',
      contractTexts.localized('mixedCurrencies', [...currencies]),
    );
  }
  return items;
};

/** The sum of the item totals for each billing interval that occurs. */
export const totalsByInterval = (items: readonly ContractItem[]): Partial<Record<BillingInterval, Money>> => {
  const totals: Partial<Record<BillingInterval, Money>> = {};
  for (const item of items) {
    const total = totals[item.billingInterval];
    totals[item.billingInterval] = {
      amount: (total?.amount ?? 0) + item.total.amount,
      currency: item.total.currency,
    };
  }
  return totals;
};
