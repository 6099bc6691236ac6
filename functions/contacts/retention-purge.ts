import { logger } from '#shared/http/logger.ts';
import { type PurgeReport, purgeExpiredRestrictions } from '#shared/privacy/purge-expired.ts';

/**
 * Run daily by an EventBridge Scheduler schedule (infra/retention-purge.ts): erases every restricted contact
 * whose `restrictedUntil` has passed. A contact that failed makes the run fail, so the functions' error alarm
 * fires, Lambda retries the run, and the next day's run completes what is left (the purge is resumable).
 */
export const handler = async (): Promise<PurgeReport> => {
  const report = await purgeExpiredRestrictions();
  for (const { contactId, error } of report.failed) logger.error('Retention purge failed', { contactId, error });
  logger.info('Retention purge done', { erased: report.erased.length, failed: report.failed.length });
  if (report.failed.length > 0) throw new Error(`The retention purge failed for ${report.failed.length} contact(s)`);
  return report;
};
