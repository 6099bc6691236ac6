import { ConcurrencyLimit } from '#shared/concurrency-limit.ts';

/**
 * At most `size` function invocations at once; the others wait in line, in
 * the order they came. In AWS each concurrent request has a Lambda instance of
 * its own and DynamoDB scales with them. Locally every handler runs in one
 * process against one DynamoDB Local, a Java process on the same cores: flooded
 * with every request at once, it answers so late that calls time out, the SDK
 * sends them again, and the retries pile onto the backlog. A line in front of
 * the functions keeps it at the pace it can serve.
 */
export class InvocationSlots extends ConcurrencyLimit {
  #queued = 0;

  /** How many invocations so far found every slot taken and waited in line: what a test of the lines reads. */
  get queued(): number {
    return this.#queued;
  }

  override run<T>(task: () => Promise<T>): Promise<T> {
    if (this.full) this.#queued++;
    return super.run(task);
  }
}
