import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, unlinkSync } from 'node:fs';
import { open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { monotonicIds } from '../../../shared/http/ids.ts';
import { type DeliveryQueue, delayOf, type ReceivedMessage, type SendOptions } from '../../../shared/webhooks/queue.ts';

/*
 * The local stand-in for the SQS FIFO delivery queue: one JSON file per message
 * in a folder under the data folder, so a restart, even after SIGKILL, finds
 * every message not yet deleted. Every change is written to a temporary file,
 * flushed, renamed over the message's file and the folder flushed: a message
 * file is always whole, the old version or the new. File names are ULIDs, so
 * they sort in the order messages were sent.
 *
 * One process consumes a folder at a time (the local server); it keeps what it
 * has read in memory and reads only files it has not seen.
 */

interface StoredMessage<Body> {
  id: string;
  groupId: string;
  deduplicationId: string | null;
  sentAt: number;
  body: Body;
  /** Epoch milliseconds from which the message may be handed out. */
  visibleAt: number;
  receiveCount: number;
}

export interface ReceiveOptions {
  max?: number;
  /** How long a handed-out message stays hidden unless it is deleted or hidden for a retry. */
  visibilityTimeoutMs: number;
}

export interface LocalQueue<Body> extends DeliveryQueue<Body> {
  /** Due messages, at most one per group: a group's oldest, and only while no earlier one holds it back. */
  receive(options: ReceiveOptions): Promise<ReceivedMessage<Body>[]>;
  delete(id: string): Promise<void>;
  /** Hides a handed-out message for `delayMs`: its next hand-out is the retry. */
  hide(id: string, delayMs: number): Promise<void>;
  /** Every message not yet deleted, in the order sent. */
  messages(): Promise<ReceivedMessage<Body>[]>;
}

const messageSuffix = '.json';
const temporaryPrefix = '.tmp-';
// SQS FIFO drops a repeated deduplication id within five minutes.
const deduplicationWindowMs = 5 * 60 * 1000;

const writeDurably = async (folder: string, name: string, content: string) => {
  const temporary = join(folder, `${temporaryPrefix}${randomUUID()}`);
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.writeFile(content);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, join(folder, name));
  await syncFolder(folder);
};

const syncFolder = async (folder: string) => {
  const directory = await open(folder, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
};

const received = <Body>(message: StoredMessage<Body>): ReceivedMessage<Body> => ({
  id: message.id,
  groupId: message.groupId,
  body: message.body,
  receiveCount: message.receiveCount,
});

/** Where `npm start` keeps the queue: beside DynamoDB Local's data and the keys. */
export const localEventQueueFolder = (dataDir: string = process.env.DATA_DIR ?? '.data'): string =>
  join(dataDir, 'event-queue');

/** Opens (and creates) the queue kept in `folder`. */
export const openLocalQueue = <Body>(folder: string, now: () => number = Date.now): LocalQueue<Body> => {
  mkdirSync(folder, { recursive: true });
  // A temporary file left by a process killed mid-write never became a message.
  for (const name of readdirSync(folder)) if (name.startsWith(temporaryPrefix)) unlinkSync(join(folder, name));
  const nextId = monotonicIds();
  const known = new Map<string, StoredMessage<Body>>();

  const refresh = async () => {
    const names = new Set((await readdir(folder)).filter((name) => name.endsWith(messageSuffix)));
    for (const id of known.keys()) if (!names.has(`${id}${messageSuffix}`)) known.delete(id);
    const unseen = [...names].map((name) => name.slice(0, -messageSuffix.length)).filter((id) => !known.has(id));
    for (const id of unseen) {
      try {
        known.set(id, JSON.parse(await readFile(join(folder, `${id}${messageSuffix}`), 'utf8')));
      } catch (error) {
        // Deleted by another process between the listing and the read.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return [...known.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  };

  const store = async (message: StoredMessage<Body>) => {
    await writeDurably(folder, `${message.id}${messageSuffix}`, JSON.stringify(message));
    known.set(message.id, message);
  };

  const change = async (id: string, update: Partial<StoredMessage<Body>>) => {
    const message = known.get(id);
    if (!message) return;
    await store({ ...message, ...update });
  };

  return {
    send: async (body: Body, options: SendOptions) => {
      const messages = await refresh();
      const sentAt = now();
      const { deduplicationId } = options;
      const repeated =
        deduplicationId !== undefined &&
        messages.some(
          (message) => message.deduplicationId === deduplicationId && sentAt - message.sentAt < deduplicationWindowMs,
        );
      if (repeated) return;
      await store({
        id: nextId(sentAt),
        groupId: options.groupId,
        deduplicationId: deduplicationId ?? null,
        sentAt,
        body,
        visibleAt: sentAt + delayOf(options),
        receiveCount: 0,
      });
    },

    receive: async ({ max = 10, visibilityTimeoutMs }) => {
      const heads = new Map<string, StoredMessage<Body>>();
      for (const message of await refresh()) if (!heads.has(message.groupId)) heads.set(message.groupId, message);
      const due = [...heads.values()].filter((message) => message.visibleAt <= now()).slice(0, max);
      const leased: ReceivedMessage<Body>[] = [];
      for (const message of due) {
        const lease = { ...message, visibleAt: now() + visibilityTimeoutMs, receiveCount: message.receiveCount + 1 };
        await store(lease);
        leased.push(received(lease));
      }
      return leased;
    },

    delete: async (id) => {
      try {
        await unlink(join(folder, `${id}${messageSuffix}`));
        await syncFolder(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      known.delete(id);
    },

    hide: (id, delayMs) => change(id, { visibleAt: now() + Math.max(0, delayMs) }),

    messages: async () => (await refresh()).map(received),
  };
};
