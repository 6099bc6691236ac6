/**
 * At most `size` function invocations at once; the others wait in line, in
 * the order they came. In AWS each concurrent request has a Lambda instance of
 * its own and DynamoDB scales with them. Locally every handler runs in one
 * process against one DynamoDB Local, a Java process on the same cores: flooded
 * with every request at once, it answers so late that calls time out, the SDK
 * sends them again, and the retries pile onto the backlog. A line in front of
 * the functions keeps it at the pace it can serve.
 */
export class InvocationSlots {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`Invocation slots must be a whole number ≥ 1: ${size}`);
    this.#free = size;
  }

  async run<T>(invocation: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await invocation();
    } finally {
      // The slot goes straight to the next in line, or back to the pool.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
