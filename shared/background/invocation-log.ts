import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { logger } from '../http/logger.ts';

/** What a background function's request line says of one invocation, beside its name and correlation id. */
export interface InvocationOutcome {
  /** Records (stream, queue) handed to it; a scheduled run has none. */
  readonly records?: number;
  /** Records answered as failed, or 1 for a failed scheduled run. */
  readonly failed: number;
}

/**
 * One invocation of a background function, with the correlation id every line it logs carries: Lambda's request
 * id, or a fresh one when a local runner calls it. Like a route's `request` line (shared/http/request-log.ts), it
 * ends with one `background` line: the function, the correlation id, the records, the failures, the duration.
 */
export const invocation = (name: string, context?: Pick<Context, 'awsRequestId'>) => {
  const correlationId = context?.awsRequestId ?? randomUUID();
  const started = performance.now();
  return {
    correlationId,
    error: (message: string, fields: Record<string, unknown>) => logger.error(message, { ...fields, correlationId }),
    done: ({ records, failed }: InvocationOutcome) =>
      logger.info('background', {
        function: name,
        correlationId,
        ...(records === undefined ? {} : { records }),
        failed,
        durationMs: Math.round(performance.now() - started),
      }),
  };
};

export type Invocation = ReturnType<typeof invocation>;
