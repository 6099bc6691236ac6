import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { useApi } from '../support/api.ts';
import { useStudioProfile } from '../support/studio.ts';
import { newClientAddress, postFrom, signedContractOf } from './declaration-support.ts';

// The public routes are kept apart from the API staff use (docs/declarations.md, "Abuse"). In AWS each public
// route has a throttle of its own (infra/route-throttles.ts, asserted by the stack's tests); locally the public
// routes have a line of invocations of their own. This test floods the public line and shows that staff's reads
// never wait in it. It checks the lines, not the clock: how fast a read is under a flood is the bench's business,
// and a median taken on a busy machine measures the machine.
const api = useApi();
useStudioProfile(api);

// More flooders than the server runs invocations at once (LOCAL_CONCURRENCY, 8 by default): one shared line would
// be full the whole time, and every read staff make would wait behind the flood.
const flooders = 16;
// From two addresses: each is over its limit after 20 declarations (each stored and mailed a receipt), and the
// flood's refusals go on filling the public line. From sixteen it took 320 stored declarations to get there.
const addresses = 2;
const reads = 25;

describe('a flood of public declarations', () => {
  it("is refused with 429 once a client is over its limit, and never makes staff's contract reads wait in its line", async () => {
    // prepare
    const { contact, contract } = await signedContractOf(api);
    const declaration = { firstName: 'Ada', lastName: contact.lastName, email: 'someone@example.com' };
    const statuses: number[] = [];
    let flooding = true;
    const publicQueuedBefore = api.lines.public.queued;

    // act
    const clients = Array.from({ length: addresses }, newClientAddress);
    const flood = Array.from({ length: flooders }, async (_, index) => {
      const client = clients[index % addresses] ?? newClientAddress();
      while (flooding) statuses.push((await postFrom(api, client, '/api/public/terminations', declaration)).status);
    });
    // Read once the flood is at its full pace: the rate limit refuses, and the public line has made requests wait.
    while (!statuses.includes(429) || api.lines.public.queued === publicQueuedBefore) await setTimeout(10);
    const staffQueuedBefore = api.lines.staff.queued;
    const publicQueuedAtReads = api.lines.public.queued;
    const readStatuses: number[] = [];
    for (let read = 0; read < reads; read++) {
      readStatuses.push((await api.request('GET', `/api/contracts/${contract.id}`, { as: 'staff' })).status);
    }
    const publicQueuedDuringReads = api.lines.public.queued - publicQueuedAtReads;
    const staffQueued = api.lines.staff.queued - staffQueuedBefore;
    flooding = false;
    await Promise.all(flood);

    // assess
    expect(new Set(statuses)).toEqual(new Set([202, 429]));
    expect(readStatuses).toEqual(Array(reads).fill(200));
    // The flood went on waiting in its own line while staff read…
    expect(publicQueuedDuringReads).toBeGreaterThan(0);
    // …and not one of staff's reads waited.
    expect(staffQueued).toBe(0);
  }, 180_000);
});
