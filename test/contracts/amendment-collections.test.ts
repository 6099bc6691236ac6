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
let contractServiceId: string;
beforeAll(async () => {
  await sepaStudio(api);
  contract = await mandatedContract(api, { amount: 4900 });
  contractServiceId = (await api.request('GET', `/api/contracts/${contract.id}`)).body.items[0].serviceId;
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

  it('collects a due at the old price or the new one while a price change is signed, never a mix, and never changes it after', async () => {
    clock.set('2027-02-15T09:00:00Z');
    const offered = await offer({
      kind: 'price',
      effectiveFrom: '2027-03-01',
      offerExpiresOn: '2027-02-28',
      items: [{ serviceId: contractServiceId, unitPrice: { amount: 5900, currency: 'EUR' } }],
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);

    const [signed, march] = await Promise.all([
      api.request('POST', `/api/contracts/${contract.id}/amendments/${offered.body.id}/signature`, {
        body: {
          signerName: 'Jörg Weiß',
          amendmentHash: offered.body.amendmentHash,
          signatureImage: signaturePng,
          consent: true,
        },
      }),
      createCollection(api, '2027-03-03'),
    ]);

    expect(march.status, JSON.stringify(march.body)).toBe(201);
    expect([201, 409], JSON.stringify(signed.body)).toContain(signed.status);
    const amendment = (await api.request('GET', `/api/contracts/${contract.id}/amendments/${offered.body.id}`)).body;
    const [due] = await duesFrom('2027-03-01', '2027-03-01');
    expect(due).toMatchObject({ dueOn: '2027-03-01', status: 'collected', collectionId: march.body.id });
    // The whole old price or the whole new one, and the new one only if the change was agreed.
    expect([4900, 5900]).toContain(due?.amount.amount);
    if (due?.amount.amount === 5900) expect(amendment.status).toBe('agreed');
    expect(amendment.status).toBe(signed.status === 201 ? 'agreed' : 'offered');
    // The collection's total is the sum of what its dues say now: nothing changed after it was created.
    const collected = march.body.dues as string[];
    const amounts = await Promise.all(
      collected.map(async (id) => {
        const [contractNumber, day] = [id.slice(0, id.lastIndexOf('-')), id.slice(id.lastIndexOf('-') + 1)];
        expect(contractNumber).toBe(contract.number);
        const date = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
        const [stored] = await duesFrom(date, date);
        return stored?.amount.amount as number;
      }),
    );
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(march.body.total.amount);
    // April is the new price whichever came first, once the change is agreed.
    if (amendment.status === 'agreed') {
      const [april] = await duesFrom('2027-04-01', '2027-04-01');
      expect(april?.amount.amount).toBe(5900);
    }
  });
});
