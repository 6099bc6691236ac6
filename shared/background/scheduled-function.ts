import type { Context } from 'aws-lambda';
import { logger } from '../http/logger.ts';
import { invocation } from './invocation-log.ts';

/** What a scheduled run did: one line to report, and what failed (each a short text without personal data). */
export interface ScheduledOutcome {
  readonly summary: string;
  readonly failures: readonly string[];
}

export type ScheduledFunctionHandler = ((event?: unknown, context?: Context) => Promise<ScheduledOutcome>) & {
  /** The run as a local runner starts it (infra/local/background-functions.ts): failures answered, not thrown. */
  readonly run: () => Promise<ScheduledOutcome>;
};

/**
 * A background function on a schedule (`{ schedule }` in its area.ts). A run with failures fails the invocation,
 * so the functions' error alarm fires and Lambda retries it; the next scheduled run completes what is left (a
 * scheduled function must be resumable). One request line with a correlation id per run.
 */
export const scheduledFunction = (name: string, run: () => Promise<ScheduledOutcome>): ScheduledFunctionHandler => {
  const handler = async (_event?: unknown, context?: Context): Promise<ScheduledOutcome> => {
    const log = invocation(name, context);
    const outcome = await run();
    for (const failure of outcome.failures)
      logger.error(`${name} failed`, { failure, correlationId: log.correlationId });
    logger.info(outcome.summary, { correlationId: log.correlationId });
    log.done({ failed: outcome.failures.length ? 1 : 0 });
    if (outcome.failures.length) throw new Error(`${name}: ${outcome.failures.length} failure(s)`);
    return outcome;
  };
  return Object.assign(handler, { run });
};
