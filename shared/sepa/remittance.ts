import type { CalendarDate } from '../calendar/calendar-date.ts';
import type { Due } from './dues.ts';

const germanDay = (date: CalendarDate) => `${date.slice(8, 10)}.${date.slice(5, 7)}.`;

/**
 * The debit's text on the customer's statement, as German studios write it: „Beitrag
 * 01.02.–28.02.2027 Vertrag 2026-000001“ (a `once` due: „Einmalig 15.01.2026 …“). The file
 * transliterates it to the SEPA character set.
 */
export const remittanceText = (
  due: Pick<Due, 'interval' | 'periodStart' | 'periodEnd'>,
  contractNumber: string,
): string =>
  due.interval === 'once'
    ? `Einmalig ${germanDay(due.periodStart)}${due.periodStart.slice(0, 4)} Vertrag ${contractNumber}`
    : `Beitrag ${germanDay(due.periodStart)}–${germanDay(due.periodEnd)}${due.periodEnd.slice(0, 4)} Vertrag ${contractNumber}`;
