/**
 * Calls given the same key run one after another within this process; calls
 * with other keys do not wait. For writes that all contend for one item (the
 * year's contract-number counter): contenders in one process would otherwise
 * race each other and all but one lose every round, a thundering herd that
 * grows with the number waiting. Across processes (Lambda instances, which
 * serve one request at a time) the item's own condition still decides; a lane
 * only stops a process from competing with itself.
 */
export class SerialLanes {
  readonly #tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    const result = before.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    // The last in line removes the lane, so idle keys hold no memory.
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}
