import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { publicRouteThrottle } from '#infra/route-throttles.ts';
import { useApi } from '../support/api.ts';
import { useStudioProfile } from '../support/studio.ts';
import { newClientAddress, postFrom, signedContractOf } from './declaration-support.ts';

// The public routes are kept apart from the API staff use (docs/declarations.md, "Abuse"): a flood of
// declarations, most of them over the rate limit, must not slow staff's contract routes. Measured as a ratio
// to the same reads without the flood, on the same machine a moment earlier, so a busy machine slows both.
const api = useApi();
useStudioProfile(api);

const flooders = 16;
// Ten times the rate the stage lets through on a public route (infra/route-throttles.ts: 10 per second). In AWS a
// faster flood is refused by the gateway's fleet; here the flood's own requests run in the test's process, so an
// unpaced one measures how fast this process can send, not what the server keeps apart.
const floodPerSecond = 10 * publicRouteThrottle.rateLimit;
const reads = 25;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

describe('a flood of public declarations', () => {
  it("is refused with 429 once a client is over its limit, and leaves staff's contract reads at their pace", async () => {
    // prepare
    const { contact, contract } = await signedContractOf(api);
    const readMs = async (): Promise<number> => {
      const startedAt = performance.now();
      const response = await api.request('GET', `/api/contracts/${contract.id}`, { as: 'staff' });
      expect(response.status).toBe(200);
      return performance.now() - startedAt;
    };
    const readsMs = async (): Promise<number[]> => {
      const durations: number[] = [];
      for (let run = 0; run < reads; run++) durations.push(await readMs());
      return durations;
    };
    await readMs();
    const idle = median(await readsMs());
    const declaration = { firstName: 'Ada', lastName: contact.lastName, email: 'someone@example.com' };
    const statuses: number[] = [];
    let flooding = true;

    // act
    const flood = Array.from({ length: flooders }, async () => {
      const client = newClientAddress();
      while (flooding) {
        const next = setTimeout(flooders * (1000 / floodPerSecond));
        statuses.push((await postFrom(api, client, '/api/public/terminations', declaration)).status);
        await next;
      }
    });
    // Measured once the rate limit refuses: the flood is then at its full pace, most of it answered 429.
    while (!statuses.includes(429)) await setTimeout(10);
    const flooded = median(await readsMs());
    flooding = false;
    await Promise.all(flood);

    // assess
    expect(new Set(statuses)).toEqual(new Set([202, 429]));
    expect(flooded, `median ${flooded.toFixed(1)} ms in the flood, ${idle.toFixed(1)} ms without`).toBeLessThan(
      4 * idle + 100,
    );
  }, 180_000);
});
