import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { eventOfRecord, type StreamRecordLike } from '../events/stream-record.ts';
import { logger } from '../http/logger.ts';
import type { WebhookEvent } from '../webhooks/event.ts';
import { type Invocation, invocation } from './invocation-log.ts';

/** What a reader of the table's stream does, per batch and per event: its record handler. */
export interface StreamRecordHandler<Batch> {
  /** Once per batch, before its first event: what every event's handling needs (one Query rather than one each). */
  readonly prepare?: { readonly run: () => Promise<Batch>; readonly failure: string };
  /** One event; it throws to fail it. */
  readonly handle: (event: WebhookEvent, batch: Batch) => Promise<void>;
  /** The log message of an event that failed (its id, type and error beside it). */
  readonly failure: string;
}

/**
 * Runs a batch of stream records through the record handler, in order, and answers the sequence number of the
 * first that failed, or undefined: the stream hands that record and every later one out again (Lambda resumes at
 * the lowest failed sequence number, so nothing after it is handled now: a record never overtakes an earlier one).
 * Records that are not inserted event items are passed over, as the event source's filter would.
 */
export const processStreamRecords = async <Batch>(
  records: readonly StreamRecordLike[],
  recordHandler: StreamRecordHandler<Batch>,
  log: Pick<Invocation, 'error'> = logger,
): Promise<string | undefined> => {
  const events = records.flatMap((record) => {
    const event = eventOfRecord(record);
    return event ? [{ record, event }] : [];
  });
  const [first] = events;
  if (!first) return undefined;
  let batch: Batch;
  try {
    batch = recordHandler.prepare ? await recordHandler.prepare.run() : (undefined as Batch);
  } catch (error) {
    log.error(recordHandler.prepare?.failure ?? recordHandler.failure, { error: String(error) });
    return first.record.dynamodb?.SequenceNumber;
  }
  for (const { record, event } of events) {
    try {
      await recordHandler.handle(event, batch);
    } catch (error) {
      log.error(recordHandler.failure, { eventId: event.id, type: event.type, error: String(error) });
      return record.dynamodb?.SequenceNumber;
    }
  }
  return undefined;
};

export type StreamFunctionHandler = ((
  event: DynamoDBStreamEvent,
  context?: Context,
) => Promise<DynamoDBBatchResponse>) & {
  /** The batch as a local runner hands it (infra/local/background-functions.ts): the first failed sequence number. */
  readonly records: (records: readonly StreamRecordLike[]) => Promise<string | undefined>;
};

/**
 * A background function on the table's stream (`{ stream: eventTypes }` in its area.ts), like powertools' batch
 * processor: a record handler per event, partial batch failures answered (the first failed record only, see
 * `processStreamRecords`), and one request line with a correlation id per invocation.
 */
export const streamFunction = <Batch = undefined>(
  name: string,
  recordHandler: StreamRecordHandler<Batch>,
): StreamFunctionHandler => {
  const run = async (records: readonly StreamRecordLike[], context?: Context) => {
    const log = invocation(name, context);
    const failed = await processStreamRecords(records, recordHandler, log);
    log.done({ records: records.length, failed: failed ? 1 : 0 });
    return failed;
  };
  const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> => {
    const failed = await run(event.Records, context);
    return { batchItemFailures: failed ? [{ itemIdentifier: failed }] : [] };
  };
  return Object.assign(handler, { records: (records: readonly StreamRecordLike[]) => run(records) });
};
