import type { Contact } from '../contacts/schema.ts';
import { type Message, Problem } from '../http/problem.ts';
import type { Money } from '../schema/fields.ts';
import type { BillingInterval, Service } from '../services/schema.ts';
import { studioCopy } from '../studio/entity.ts';
import type { Studio, StudioCopy } from '../studio/schema.ts';
import type { ContractInput } from './create-input.ts';
import type { ContactCopy, ContractItem } from './schema.ts';
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
    return {
      serviceId: service.id,
      name: service.name,
      unitPrice: { amount, currency },
      billingInterval: service.billingInterval,
      quantity: item.quantity,
      total: { amount: amount * item.quantity, currency },
    };
  });
  const currencies = new Set(items.map((item) => item.unitPrice.currency));
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
