import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { QueueHandler } from '../webhooks/queue.ts';
import { processSqsBatch, type SqsDeliveryQueue } from '../webhooks/sqs-queue.ts';
import { invocation } from './invocation-log.ts';

export type QueueFunctionHandler<Body> = ((event: SQSEvent, context?: Context) => Promise<SQSBatchResponse>) & {
  /** One message as a local runner hands it (infra/local/background-functions.ts). */
  readonly message: QueueHandler<Body>;
};

/**
 * A background function on a queue of the root stack (`{ queue }` in its area.ts), like powertools' FIFO batch
 * processor: a record handler per message (done, or when to hand it out again), the failed messages answered as
 * partial batch failures and a group's later ones held back (`processSqsBatch`), one request line with a
 * correlation id per invocation.
 */
export const queueFunction = <Body>(
  name: string,
  {
    queue,
    handle,
  }: { readonly queue: () => Pick<SqsDeliveryQueue<Body>, 'hide'>; readonly handle: QueueHandler<Body> },
): QueueFunctionHandler<Body> => {
  const handler = async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    const log = invocation(name, context);
    const response = await processSqsBatch<Body>(event.Records, handle, queue());
    log.done({ records: event.Records.length, failed: response.batchItemFailures.length });
    return response;
  };
  const message: QueueHandler<Body> = async (received) => {
    const log = invocation(name);
    try {
      const verdict = await handle(received);
      log.done({ records: 1, failed: verdict ? 1 : 0 });
      return verdict;
    } catch (error) {
      log.done({ records: 1, failed: 1 });
      throw error;
    }
  };
  return Object.assign(handler, { message });
};
