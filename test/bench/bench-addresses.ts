let benchAddresses = 0;
/**
 * The next client address of 198.18.0.0/15, the range RFC 2544 sets aside for benchmarks: the public POSTs count
 * requests per address (20 per 10 minutes), so each request of the bench comes from another one, as customers do.
 */
export const nextBenchAddress = (): string => {
  const n = benchAddresses++ % 2 ** 17;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
};
