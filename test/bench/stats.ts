/** Nearest-rank percentile of the samples (milliseconds). */
export const percentile = (samples: readonly number[], p: number): number => {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
};

export const median = (samples: readonly number[]): number => percentile(samples, 50);

export interface Latency {
  n: number;
  p50: number;
  p99: number;
}

export const latency = (samples: readonly number[]): Latency => ({
  n: samples.length,
  p50: round(percentile(samples, 50)),
  p99: round(percentile(samples, 99)),
});

export const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

export const ratio = (value: number, floor: number): number => round(value / floor, 2);
