/**
 * At most `size` tasks at once; the others wait in line, in the order they came. A burst of calls that all
 * start together opens as many connections together: on a busy machine their handshakes outlast the SDK's
 * 1 s connection timeout, and a read that was never refused answers 503.
 */
export class ConcurrencyLimit {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`A concurrency limit must be a whole number ≥ 1: ${size}`);
    this.#free = size;
  }

  /** Whether a task started now would wait in line. */
  get full(): boolean {
    return this.#free === 0;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The place goes straight to the next in line, or back to the pool.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
