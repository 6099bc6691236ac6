import { beforeAll, describe, expect, it } from 'vitest';
import { createCollection, mandatedContract, sepaStudio } from '../collections/support.ts';
import { useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { signaturePng } from '../support/images.ts';

// Amendments and the dues a collection gathers (docs/amendments.md, "In force"): collected dues never change.
const api = useApi();
const clock = useClock();

type Body = Record<string, any>;

let contract: { id: string; number: string };
beforeAll(async () => {
  await sepaStudio(api);
  contract = await mandatedContract(api, { amount: 4900 });
  clock.set('2027-01-05T09:00:00Z');
  const january = await createCollection(api, '2027-01-19');
  expect(january.status, JSON.stringify(january.body)).toBe(201);
});

const offer = (body: Body) => api.request('POST', `/api/contracts/${contract.id}/amendments`, { body });
const duesFrom = async (from: string, to: string) =>
  (await api.request('GET', `/api/contracts/${contract.id}/dues?from=${from}&to=${to}`)).body.items as Body[];

describe('pauses and collected dues', () => {
  it('refuses a pause with a day in a due already collected: 409 naming the due, nothing written', async () => {
    clock.set('2027-01-21T09:00:00Z');

    const response = await offer({
      kind: 'pause',
      effectiveFrom: '2027-01-10',
      lastDay: '2027-01-20',
      reason: 'illness',
    });

    expect(response.status, JSON.stringify(response.body)).toBe(409);
    expect(response.body.errors[0].message).toContain(`${contract.number}-20270101`);
    expect((await api.request('GET', `/api/contracts/${contract.id}/amendments`)).body.items).toEqual([]);
  });

  it('collects the next due as the agreed pause made it, and leaves the collected one as it was', async () => {
    clock.set('2027-01-21T09:00:00Z');
    const offered = await offer({
      kind: 'pause',
      effectiveFrom: '2027-02-10',
      lastDay: '2027-02-16',
      reason: 'holiday',
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    const signed = await api.request('POST', `/api/contracts/${contract.id}/amendments/${offered.body.id}/signature`, {
      body: {
        signerName: 'Jörg Weiß',
        amendmentHash: offered.body.amendmentHash,
        signatureImage: signaturePng,
        consent: true,
      },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);

    const february = await createCollection(api, '2027-02-03');

    expect(february.status, JSON.stringify(february.body)).toBe(201);
    const [january, due] = await duesFrom('2027-01-01', '2027-02-01');
    expect(january).toMatchObject({ status: 'collected', amount: { amount: 4900, currency: 'EUR' } });
    // 21 of February's 28 days charged.
    expect(due).toMatchObject({ dueOn: '2027-02-01', status: 'collected', amount: { amount: 3675, currency: 'EUR' } });
    expect(february.body.dues).toContain(due?.id);
  });
});
