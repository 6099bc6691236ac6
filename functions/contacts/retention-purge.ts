import { type PurgeReport, purgeExpiredRestrictions } from '#shared/privacy/purge-expired.ts';

/**
 * Run daily by an EventBridge Scheduler schedule (infra/retention-purge.ts): erases every restricted contact
 * whose `restrictedUntil` has passed. A contact that failed makes the run fail, so the error counts and the
 * schedule's retry and the next day's run try it again (the purge is resumable).
 */
export const handler = async (): Promise<PurgeReport> => {
  const report = await purgeExpiredRestrictions();
  if (report.failed.length > 0) throw new Error(`The retention purge failed for ${report.failed.length} contact(s)`);
  return report;
};
