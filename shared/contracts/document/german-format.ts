import type { BillingInterval, SignerRole } from './contract-for-document.ts';

// The plain values' formats, from the layer below, for the contract's documents that import them from here.
export { formatDate, formatLocalTime, formatMoney, formatUtcTime } from '../../messages/german-format.ts';

export const intervalLabels: Record<BillingInterval, string> = {
  once: 'einmalig',
  week: 'wöchentlich',
  month: 'monatlich',
  quarter: 'vierteljährlich',
  year: 'jährlich',
};

export const billingIntervals = Object.keys(intervalLabels) as BillingInterval[];

export const roleLabels: Record<SignerRole, string> = {
  customer: 'Kundin/Kunde',
  studio: 'Studio',
};

const regionNames = new Intl.DisplayNames('de', { type: 'region' });

/** `DE` → `Deutschland`; an unknown code is shown as given. */
export const countryName = (code: string): string => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};
