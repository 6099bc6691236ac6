import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { SerialLanes } from '../db/serial-lanes.ts';
import { contractNumberCounterKey } from './entity.ts';

/**
 * Gap-free contract numbers per calendar year in the studio's time zone
 * (`2026-000001`, …): a contract made at 00:30 in Berlin on 1 January is one of
 * the new year's. One counter item per year; a number is only taken by the
 * transaction that also writes its contract, so a failed create leaves no gap.
 */

export interface NumberReservation {
  year: number;
  sequence: number;
  number: string;
}

/** The next number of `year`, the year of the studio's today (`todayIn(studio.timeZone)`). */
export const nextContractNumber = async (year: number): Promise<NumberReservation> => {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: contractNumberCounterKey(year), ConsistentRead: true }),
  );
  return reservationAfter(year, typeof Item?.last === 'number' ? Item.last : 0);
};

/** The number after `last` in `year`. */
export const reservationAfter = (year: number, last: number): NumberReservation => {
  const sequence = last + 1;
  return { year, sequence, number: `${year}-${String(sequence).padStart(6, '0')}` };
};

const lanes = new SerialLanes();
/** What this process last saw of each counter, by table and year: a hint, corrected by every lost race. */
const lastSeen = new Map<string, number>();

/**
 * Runs `claim` after this process's earlier claims of the same counter (the
 * table's, of `read.year`), from the number after the one the counter is known
 * to hold: the one `read` before waiting, or a later one that an earlier claim
 * saw meanwhile. `claim` reports what it saw (the number it took, or the
 * counter a lost race returned), so the next in line does not start from a
 * number already gone. What it saw replaces the hint rather than raising it: a
 * table restored or made anew counts from where it stands.
 */
export const claimInLine = <T>(
  read: NumberReservation,
  claim: (reservation: NumberReservation, seen: (last: number) => void) => Promise<T>,
): Promise<T> => {
  const counter = `${tableName()}#${read.year}`;
  return lanes.run(counter, () => {
    const last = Math.max(read.sequence - 1, lastSeen.get(counter) ?? 0);
    return claim(reservationAfter(read.year, last), (seen) => lastSeen.set(counter, seen));
  });
};
