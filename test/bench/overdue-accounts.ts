import { sampleCollectionId } from '#shared/collections/area.ts';
import { sampleContractId } from '#shared/contracts/area.ts';
import { addDays, type CalendarDate, todayIn } from '#shared/contracts/dates.ts';
import { businessDayOnOrAfter } from '#shared/sepa/target2.ts';
import type { FunctionName } from './bundles.ts';
import { type Fixtures, signedContractFrom, withTable } from './fixtures.ts';
import { callRoute } from './handlers.ts';
import { sampleEvent } from './sample-events.ts';

/*
 * The dunning routes act on an overdue account, and an account is overdue only once a collected due came back
 * (docs/accounts.md). A collection takes every collectable due of its table up to its date, so the bench makes its
 * overdue contracts in the past (the studio's clock set back, as the SEPA scenario moves it forward): signed ten
 * weeks ago, their first due collected a fortnight later, before any contract of the fixtures owes anything, and
 * returned as refused (MS02: never collected again, so the next batch's collection takes only its own). Made in
 * batches, one collection each, and handed out one per request: a reminder, a handover and its closure each use
 * their account up.
 */

/** How far the account got: overdue (to remind), warned twice and past the Mahnung's deadline (to hand over), handed over (to close). */
export type Dunning = 'overdue' | 'warned' | 'handed-over';

const batchSize = 12;

interface ApiRecord {
  id: string;
  [field: string]: unknown;
}

const setClock = (day: CalendarDate) => {
  process.env.STUDIO_CLOCK = `${day}T09:00:00Z`;
};

const contractIds = (contractId: string) => new Map([[sampleContractId, contractId]]);

const signedBefore = async (fixtures: Fixtures, startDate: CalendarDate): Promise<ApiRecord> =>
  signedContractFrom(await fixtures.idsForCreate('contracts-create'), startDate);

const dunningStep = (name: FunctionName, contractId: string) =>
  callRoute(name, sampleEvent(name, { ids: contractIds(contractId) }));

/** `batchSize` contracts whose accounts got as far as `dunning`, all on days long past. */
const overdueBatch = async (fixtures: Fixtures, dunning: Dunning): Promise<string[]> => {
  const today = todayIn('Europe/Berlin', new Date());
  const signedOn = addDays(today, -70);
  const collectionDate = businessDayOnOrAfter(addDays(signedOn, 15));
  try {
    setClock(signedOn);
    const contracts: string[] = [];
    for (let count = 0; count < batchSize; count++)
      contracts.push((await signedBefore(fixtures, addDays(signedOn, 1))).id);
    const collection = await callRoute<ApiRecord>(
      'collections-create',
      sampleEvent('collections-create', { record: { collectionDate } }),
    );
    const returnedOn = addDays(collectionDate, 2);
    setClock(returnedOn);
    const ids = new Map([[sampleCollectionId, collection.id]]);
    for (const endToEndId of collection.dues as string[]) {
      await callRoute(
        'collections-return',
        sampleEvent('collections-return', { ids, record: { endToEndId, returnedOn, reasonCode: 'MS02' } }),
      );
    }
    if (dunning === 'overdue') return contracts;
    // Imported here: the reminders' module loads the document client, which must not before the bench connects it.
    const { reminderDays } = await import('#shared/accounts/reminders/send-reminder.ts');
    // A Zahlungserinnerung, a Mahnung 14 days later, and its deadline passed before the handover.
    const firstReminder = addDays(returnedOn, 1);
    const steps: [FunctionName, CalendarDate][] = [
      ['accounts-remind', firstReminder],
      ['accounts-remind', addDays(firstReminder, reminderDays)],
    ];
    if (dunning === 'handed-over') steps.push(['accounts-hand-over', addDays(firstReminder, 2 * reminderDays + 1)]);
    for (const [step, day] of steps) {
      setClock(day);
      for (const contractId of contracts) await dunningStep(step, contractId);
    }
    return contracts;
  } finally {
    delete process.env.STUDIO_CLOCK;
  }
};

const pools = new Map<string, string[]>();
const poolKey = (fixtures: Fixtures, dunning: Dunning) => `${fixtures.table} ${dunning}`;

/** The unused accounts of `fixtures`' table as far as `dunning`, a new batch made when none is left. */
const poolOf = async (fixtures: Fixtures, dunning: Dunning): Promise<string[]> => {
  const pool = pools.get(poolKey(fixtures, dunning)) ?? [];
  if (pool.length === 0) pool.push(...(await overdueBatch(fixtures, dunning)));
  pools.set(poolKey(fixtures, dunning), pool);
  return pool;
};

/** The route that uses up an account of each dunning level. */
export const dunningRoutes: Readonly<Record<Dunning, FunctionName>> = {
  overdue: 'accounts-remind',
  warned: 'accounts-hand-over',
  'handed-over': 'accounts-close-handover',
};

/** A first batch of `dunning` accounts in `fixtures`' table, made now rather than by the first request that needs one. */
export const makeOverdueAccounts = (fixtures: Fixtures, dunning: Dunning): Promise<unknown> =>
  withTable(fixtures.table, () => poolOf(fixtures, dunning));

/** A contract of `fixtures`' table whose account is `dunning` and that no request used yet. */
export const overdueContract = (fixtures: Fixtures, dunning: Dunning): Promise<string> =>
  withTable(fixtures.table, async () => {
    const contractId = (await poolOf(fixtures, dunning)).shift();
    if (!contractId) throw new Error(`No ${dunning} account was made`);
    return contractId;
  });
