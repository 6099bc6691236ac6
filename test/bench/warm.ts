import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { lambdaContext } from '#infra/local/handler-loader.ts';
import { log } from './log.ts';
import type { BenchEvent } from './sample-events.ts';
import { type Latency, latency, ratio } from './stats.ts';

export type Invoke = (event: BenchEvent, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** One side of a comparison: how to make the next request and how to serve it. */
export interface Contender {
  invoke: Invoke;
  /** The next request's event, made before the clock starts (a new record for a request that uses one up). */
  nextEvent(): Promise<BenchEvent>;
  expectedStatus: number;
}

export interface WarmOptions {
  /** Calls per side at most. */
  iterations: number;
  warmup: number;
  /** Calls per block; handler and floor blocks alternate so noise hits both alike. */
  block: number;
  /**
   * Wall time per function, preparation included, after which no new block starts once `minimumIterations` calls per
   * side are in: a request that uses up a record made through five handlers (an overdue account to remind) gets
   * fewer samples, not a run of hours. Each row reports its `n`.
   */
  budgetMs?: number;
  minimumIterations?: number;
}

export interface Comparison {
  subject: Latency;
  baseline: Latency;
  /** Subject p50 / baseline p50. */
  ratioP50: number;
  ratioP99: number;
}

// V8's collector, reachable without a command-line flag: a new context created after the flag is set has `gc`.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (options: { type: 'minor' | 'major' }) => void;

/**
 * Collects the young generation before a timed call, outside the clock, on both sides alike. The bench's process
 * holds every recording, fixture and sample, and the preparation of a write's record allocates through five handlers:
 * the scavenges that garbage triggers (up to 22 ms in this process) landed on whichever call ran next, 64 of 1,220
 * calls of `contracts-list` (with this, 16), and made the p99 of both sides a measure of the bench's heap. A
 * function's Lambda process holds its own garbage alone. What a request allocates and keeps is still collected
 * inside its call when it fills the young generation (docs/performance.md, "The database's and the bench's own pauses").
 */
const collectYoungGeneration = () => collect({ type: 'minor' });

const timeOne = async (contender: Contender, label: string): Promise<number> => {
  const event = await contender.nextEvent();
  const context = lambdaContext('bench', event.requestContext.requestId);
  collectYoungGeneration();
  const started = performance.now();
  const result = await contender.invoke(event, context);
  const elapsed = performance.now() - started;
  if (result.statusCode !== contender.expectedStatus) {
    throw new Error(`${label} answered ${result.statusCode}, expected ${contender.expectedStatus}: ${result.body}`);
  }
  return elapsed;
};

/**
 * Times a subject (a handler) against its baseline (its floor) in-process: a
 * warm-up of both first, then alternating blocks (subject first in one,
 * baseline first in the next), so machine noise hits both alike.
 */
export const compareInterleaved = async (
  subject: Contender,
  baseline: Contender,
  { iterations, warmup, block, budgetMs = Number.POSITIVE_INFINITY, minimumIterations = iterations }: WarmOptions,
  /** Logged with the calls made and the time taken, when given. */
  label?: string,
): Promise<Comparison> => {
  const started = performance.now();
  const spent = () => performance.now() - started;
  // The warm-up takes at most a tenth of the budget, but always two calls per side (the first loads the modules).
  for (let i = 0; i < warmup && (i < 2 || spent() < budgetMs / 10); i++) {
    await timeOne(subject, 'subject');
    await timeOne(baseline, 'baseline');
  }
  const samples = { subject: [] as number[], baseline: [] as number[] };
  const enough = (done: number) => done >= iterations || (done >= minimumIterations && spent() >= budgetMs);
  for (let done = 0, round = 0; !enough(done); done += block, round++) {
    const size = Math.min(block, iterations - done);
    const order = round % 2 === 0 ? (['subject', 'baseline'] as const) : (['baseline', 'subject'] as const);
    for (const side of order) {
      const contender = side === 'subject' ? subject : baseline;
      for (let i = 0; i < size; i++) samples[side].push(await timeOne(contender, side));
    }
  }
  const subjectLatency = latency(samples.subject);
  const baselineLatency = latency(samples.baseline);
  if (label) log(`  ${label}: ${subjectLatency.n} calls per side in ${(spent() / 1_000).toFixed(1)} s`);
  return {
    subject: subjectLatency,
    baseline: baselineLatency,
    ratioP50: ratio(subjectLatency.p50, baselineLatency.p50),
    ratioP99: ratio(subjectLatency.p99, baselineLatency.p99),
  };
};
