/** `work` over `values`, at most `width` at a time: many requests in parallel, never all at once. */
export const inParallel = async <T, R>(values: readonly T[], width: number, work: (value: T) => Promise<R>) => {
  const results: R[] = new Array(values.length);
  let next = 0;
  const lane = async () => {
    while (next < values.length) {
      const index = next++;
      results[index] = await work(values[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, values.length) }, lane));
  return results;
};
