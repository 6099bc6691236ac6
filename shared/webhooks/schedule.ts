const second = 1_000;
const minute = 60 * second;
const hour = 60 * minute;

/**
 * The pauses between attempts: the first retry within a minute, then growing
 * pauses adding up to about 27.5 hours, so a receiver down over a whole day still
 * gets the event (docs/events-and-webhooks.md: retries for at least 24 h).
 */
export const defaultRetrySchedule: readonly number[] = [
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  10 * hour,
];

/**
 * The schedule in force: `WEBHOOK_RETRY_SCHEDULE_MS` (comma-separated
 * milliseconds, e.g. `50,100,200`) lets tests shorten it; the default otherwise.
 */
export const retrySchedule = (env: NodeJS.ProcessEnv = process.env): readonly number[] => {
  const configured = env.WEBHOOK_RETRY_SCHEDULE_MS?.trim();
  if (!configured) return defaultRetrySchedule;
  const pauses = configured.split(',').map((part) => Number(part.trim()));
  if (pauses.some((pause) => !Number.isSafeInteger(pause) || pause < 0)) {
    throw new Error('WEBHOOK_RETRY_SCHEDULE_MS must be comma-separated whole milliseconds');
  }
  return pauses;
};

/**
 * The pause in milliseconds before the attempt after `attemptNumber` (1 is the
 * first delivery), or null when that was the last one and the event is failed.
 */
export const nextAttemptDelay = (attemptNumber: number, schedule: readonly number[] = retrySchedule()): number | null =>
  schedule[attemptNumber - 1] ?? null;
