import { scheduledFunction } from '#shared/background/scheduled-function.ts';
import { purgeExpiredRestrictions } from '#shared/privacy/purge-expired.ts';

/**
 * Run daily at night (its schedule in shared/contacts/area.ts), under `npm start` at start and hourly: erases every
 * restricted contact whose `restrictedUntil` has passed. A contact that failed makes the run fail, so the functions'
 * error alarm fires, Lambda retries the run, and the next day's run completes what is left (the purge is resumable).
 */
export const handler = scheduledFunction('contacts-retention-purge', async () => {
  const { erased, failed } = await purgeExpiredRestrictions();
  return {
    summary: `Retention purge: ${erased.length} contact(s) erased`,
    failures: failed.map(({ contactId, error }) => `${contactId} failed (${error})`),
  };
});
