import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type Shard,
  type _Record as StreamRecord,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import { logger } from '#shared/http/logger.ts';

/*
 * The local stand-in for the Lambda event source mapping on the table's
 * stream: it reads DynamoDB Local's own stream (DescribeTable → LatestStreamArn,
 * DescribeStream, GetShardIterator, GetRecords) and hands each batch to the
 * same dispatcher code the Lambda runs. Its position, the last sequence number
 * handled per shard, is kept in a file under the data folder and written only
 * after a batch was handled, so a restart (even after SIGKILL) resumes where
 * it stopped: a batch may be handed out twice, none is skipped.
 */

/** Handles a batch; answers the sequence number of the first record not handled, as a partial batch failure. */
export type StreamBatchHandler = (records: StreamRecord[]) => Promise<string | undefined>;

export interface LocalEventStreamOptions {
  endpoint: string;
  tableName: string;
  /** Where the position is kept: `<DATA_DIR>/event-stream/<table>[.<reader>].json`, one per reader. */
  positionFile: string;
  handle: StreamBatchHandler;
  pollIntervalMs?: number;
}

export interface LocalEventStream {
  stop(): Promise<void>;
}

interface Position {
  streamArn: string | null;
  /** Per shard: the last sequence number handled, and whether the shard is closed and read to its end. */
  shards: Record<string, { after?: string; done?: true }>;
}

/** Each reader of the stream keeps its own position, as each Lambda event source mapping does; the dispatcher's has no suffix. */
export const localEventStreamFile = (dataDir: string, tableName: string, reader?: string): string =>
  join(dataDir, 'event-stream', reader ? `${tableName}.${reader}.json` : `${tableName}.json`);

const readPosition = (file: string): Position => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Position;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { streamArn: null, shards: {} };
    throw error;
  }
};

// Written beside and renamed after a flush: the file is always the old position or the new one, whole.
const writePosition = async (file: string, position: Position) => {
  const temporary = join(dirname(file), `.tmp-${randomUUID()}`);
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(JSON.stringify(position));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  const folder = await open(dirname(file), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
};

const awsOptions = (endpoint: string) => ({
  endpoint,
  region: process.env.AWS_REGION ?? 'eu-central-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

export const startLocalEventStream = (options: LocalEventStreamOptions): LocalEventStream => {
  const { tableName, positionFile, handle, pollIntervalMs = 100 } = options;
  mkdirSync(dirname(positionFile), { recursive: true });
  const tables = new DynamoDBClient(awsOptions(options.endpoint));
  const streams = new DynamoDBStreamsClient(awsOptions(options.endpoint));
  const position = readPosition(positionFile);
  const iterators = new Map<string, string>();
  let running = true;
  const stopped = new AbortController();

  const listShards = async (streamArn: string): Promise<Shard[]> => {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
      );
      shards.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return shards;
  };

  const iteratorOf = async (streamArn: string, shardId: string): Promise<string | undefined> => {
    const known = iterators.get(shardId);
    if (known) return known;
    const after = position.shards[shardId]?.after;
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ...(after
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return ShardIterator;
  };

  /** Reads one batch of a shard; answers whether it found records (so the next read should come at once). */
  const readShard = async (streamArn: string, shardId: string): Promise<boolean> => {
    const iterator = await iteratorOf(streamArn, shardId);
    if (!iterator) {
      position.shards[shardId] = { ...position.shards[shardId], done: true };
      await writePosition(positionFile, position);
      return false;
    }
    let page: GetRecordsCommandOutput;
    try {
      page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
    } catch (error) {
      iterators.delete(shardId);
      if (error instanceof ExpiredIteratorException) return true;
      if (error instanceof TrimmedDataAccessException) {
        // Older than the stream keeps (24 h): nothing can bring it back, so go on from the oldest record kept.
        logger.error('Local event stream lost records older than the stream keeps', { shardId });
        position.shards[shardId] = {};
        return true;
      }
      throw error;
    }
    const records = page.Records ?? [];
    if (records.length) {
      let failed: string | undefined;
      try {
        failed = await handle(records);
      } catch (error) {
        // Not handled: the batch is read again from the kept position.
        iterators.delete(shardId);
        throw error;
      }
      const failedAt = failed ? records.findIndex((record) => record.dynamodb?.SequenceNumber === failed) : -1;
      const handled = failed ? records.slice(0, Math.max(0, failedAt)) : records;
      const last = handled.at(-1)?.dynamodb?.SequenceNumber;
      if (last) position.shards[shardId] = { after: last };
      if (failed) {
        // The failed record and the ones after it are read again from the kept position.
        iterators.delete(shardId);
        if (last) await writePosition(positionFile, position);
        return false;
      }
      await writePosition(positionFile, position);
    }
    if (page.NextShardIterator) iterators.set(shardId, page.NextShardIterator);
    else {
      iterators.delete(shardId);
      position.shards[shardId] = { ...position.shards[shardId], done: true };
      await writePosition(positionFile, position);
    }
    return records.length > 0;
  };

  const pollOnce = async (): Promise<boolean> => {
    const { Table } = await tables.send(new DescribeTableCommand({ TableName: tableName }));
    const streamArn = Table?.LatestStreamArn;
    if (!streamArn) return false;
    if (position.streamArn !== streamArn) {
      // A new stream (the table was made again): positions in the old one mean nothing here.
      position.streamArn = streamArn;
      position.shards = {};
      iterators.clear();
      await writePosition(positionFile, position);
    }
    const shards = await listShards(streamArn);
    const open = new Set(shards.filter((shard) => !position.shards[shard.ShardId ?? '']?.done).map((s) => s.ShardId));
    let busy = false;
    for (const shard of shards) {
      const shardId = shard.ShardId;
      if (!shardId || !open.has(shardId)) continue;
      // A child shard waits until its parent is read to the end: a record's later changes live in the child.
      if (shard.ParentShardId && open.has(shard.ParentShardId)) continue;
      busy = (await readShard(streamArn, shardId)) || busy;
    }
    return busy;
  };

  const loop = async () => {
    while (running) {
      let busy = false;
      try {
        busy = await pollOnce();
      } catch (error) {
        if (!running) break;
        logger.error('Local event stream could not be read', { tableName, error: String(error) });
      }
      if (!busy) await sleep(pollIntervalMs, undefined, { signal: stopped.signal }).catch(() => undefined);
    }
  };
  const done = loop();

  return {
    stop: async () => {
      running = false;
      stopped.abort();
      await done;
      tables.destroy();
      streams.destroy();
    },
  };
};
