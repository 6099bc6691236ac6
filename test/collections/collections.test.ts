import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import {
  allCollections,
  at,
  childrenNamed,
  createCollection,
  duesOfContract,
  ensureXmllint,
  mandatedContract,
  parseXml,
  sepaStudio,
  signMandate,
  validateFile,
} from './support.ts';

// SEPA collections (docs/collections.md) through the local server: one table for the file, so each test
// builds on what the tests before it collected, as a studio's months follow each other.
const api = useApi();
const clock = useClock();

let first: { id: string; number: string };
let second: { id: string; number: string };
let third: { id: string; number: string };

beforeAll(async () => {
  ensureXmllint();
  process.env.STUDIO_CLOCK = '2027-01-04T09:00:00Z';
  await sepaStudio(api);
  first = await mandatedContract(api, { amount: 4900 });
  process.env.STUDIO_CLOCK = '2027-01-20T09:00:00Z';
  second = await mandatedContract(api, {
    amount: 2500,
    iban: 'DE02500105170137075030',
    accountHolder: 'Ærøskøbing Straße',
  });
  delete process.env.STUDIO_CLOCK;
});

const eventsOf = async (type: string) => (await api.request('GET', `/api/events?type=${type}&limit=100`)).body.items;

describe('POST /api/collections', () => {
  it('takes a mandate’s first due as FRST and later ones as RCUR, and the file reads back what was gathered', async () => {
    clock.set('2027-01-05T09:00:00Z');
    const january = await createCollection(api, '2027-01-19');
    expect(january.status, JSON.stringify(january.body)).toBe(201);
    expect(january.body.dues).toEqual([`${first.number}-20270101`]);

    clock.set('2027-01-21T09:00:00Z');
    const response = await createCollection(api, '2027-02-03');

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.headers.get('location')).toBe(`/api/collections/${response.body.id}`);
    expect(response.body).toMatchObject({
      status: 'created',
      collectionDate: '2027-02-03',
      count: 3,
      total: { amount: 4900 + 2 * 2500, currency: 'EUR' },
      dues: [`${first.number}-20270201`, `${second.number}-20270101`, `${second.number}-20270201`],
    });
    expect((await api.request('GET', `/api/collections/${response.body.id}`)).body).toEqual(response.body);

    const file = await api.request('GET', `/api/collections/${response.body.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Lastschriften-2027-02-03.xml"');
    const verdict = validateFile(file.text);
    expect(verdict.status, verdict.stderr).toBe(0);

    const initiation = at(parseXml(file.text), 'CstmrDrctDbtInitn');
    expect(at(initiation, 'GrpHdr/MsgId').text).toBe(response.body.id);
    expect(at(initiation, 'GrpHdr/NbOfTxs').text).toBe('3');
    expect(at(initiation, 'GrpHdr/CtrlSum').text).toBe('99.00');
    const payments = childrenNamed(initiation, 'PmtInf');
    expect(payments.map((payment) => at(payment, 'PmtTpInf/SeqTp').text)).toEqual(['FRST', 'RCUR']);
    const [frst, rcur] = payments as [(typeof payments)[0], (typeof payments)[0]];
    expect(at(frst, 'CtrlSum').text).toBe('50.00');
    expect(at(frst, 'ReqdColltnDt').text).toBe('2027-02-03');
    expect(at(frst, 'CdtrSchmeId/Id/PrvtId/Othr/Id').text).toBe('DE98ZZZ09999999999');
    expect(at(rcur, 'CtrlSum').text).toBe('49.00');
    const debits = (payment: (typeof payments)[0]) =>
      childrenNamed(payment, 'DrctDbtTxInf').map((debit) => ({
        endToEndId: at(debit, 'PmtId/EndToEndId').text,
        amount: at(debit, 'InstdAmt').text,
        reference: at(debit, 'DrctDbtTx/MndtRltdInf/MndtId').text,
        signedOn: at(debit, 'DrctDbtTx/MndtRltdInf/DtOfSgntr').text,
        iban: at(debit, 'DbtrAcct/Id/IBAN').text,
        name: at(debit, 'Dbtr/Nm').text,
      }));
    expect(debits(frst)).toEqual([
      {
        endToEndId: `${second.number}-20270101`,
        amount: '25.00',
        reference: `${second.number}-1`,
        signedOn: '2027-01-20',
        iban: 'DE02500105170137075030',
        name: 'AEroskobing Strasse',
      },
      {
        endToEndId: `${second.number}-20270201`,
        amount: '25.00',
        reference: `${second.number}-1`,
        signedOn: '2027-01-20',
        iban: 'DE02500105170137075030',
        name: 'AEroskobing Strasse',
      },
    ]);
    expect(debits(rcur)).toEqual([
      {
        endToEndId: `${first.number}-20270201`,
        amount: '49.00',
        reference: `${first.number}-1`,
        signedOn: '2027-01-04',
        iban: 'DE89370400440532013000',
        name: 'Joerg Weiss',
      },
    ]);

    const dues = await duesOfContract(api, first.id, '2027-03-01');
    expect(dues.map((due) => [due.id, due.status, due.collectionId])).toEqual([
      [`${first.number}-20270101`, 'collected', january.body.id],
      [`${first.number}-20270201`, 'collected', response.body.id],
      [`${first.number}-20270301`, 'planned', null],
    ]);
    const mandate = (await api.request('GET', `/api/contracts/${first.id}/mandate`)).body;
    expect(mandate.lastCollectedOn).toBe('2027-02-03');
    const announced = (await eventsOf('collection.created')).map((event: { data: { id: string } }) => event.data.id);
    expect(announced).toEqual([january.body.id, response.body.id]);
  });

  it('gathers nothing new for the same date again: 422 nothing-to-collect, nothing written', async () => {
    clock.set('2027-01-21T10:00:00Z');
    const before = await allCollections(api);

    const response = await createCollection(api, '2027-02-03');

    expect(response.status).toBe(422);
    expect(response.body.type).toMatch(/\/nothing-to-collect$/);
    expect(await allCollections(api)).toEqual(before);
  });

  it('lets a due wait until its pre-notification has run the studio’s days', async () => {
    clock.set('2027-02-05T09:00:00Z');
    third = await mandatedContract(api, { startDate: '2027-02-01' });

    expect((await createCollection(api, '2027-02-18')).status).toBe(422);
    const response = await createCollection(api, '2027-02-19');

    expect(response.status).toBe(201);
    expect(response.body.dues).toEqual([`${third.number}-20270201`]);
  });

  it.each([
    ['a Saturday', '2027-02-13'],
    ['Good Friday', '2027-03-26'],
    ['Easter Monday', '2027-03-29'],
    ['a day in the past', '2027-02-01'],
    ['today', '2027-02-08'],
    ['not a date', '2027-02-30'],
  ])('refuses %s as collectionDate with a 400 naming it, and writes nothing', async (_what, collectionDate) => {
    clock.set('2027-02-08T09:00:00Z');
    const before = await allCollections(api);

    const response = await createCollection(api, collectionDate);

    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual(['collectionDate']);
    expect(await allCollections(api)).toEqual(before);
  });

  it('lets staff read collections and their files but not create one', async () => {
    clock.set('2027-02-08T09:00:00Z');
    const [latest] = await allCollections(api);

    expect(
      (await api.request('POST', '/api/collections', { body: { collectionDate: '2027-03-02' }, as: 'staff' })).status,
    ).toBe(403);
    expect((await api.request('GET', '/api/collections', { as: 'staff' })).status).toBe(200);
    expect((await api.request('GET', `/api/collections/${latest?.id}`, { as: 'staff' })).status).toBe(200);
    expect((await api.request('GET', `/api/collections/${latest?.id}/file`, { as: 'staff' })).status).toBe(200);
    expect((await api.request('GET', '/api/collections/01JD0000000000000000000000')).status).toBe(404);
  });

  it('never puts a due into two collections created at once', async () => {
    clock.set('2027-02-20T09:00:00Z');
    const responses = await Promise.all([createCollection(api, '2027-03-02'), createCollection(api, '2027-03-02')]);

    expect(responses.map((response) => response.status).sort()).toContainEqual(201);
    const gathered = responses.filter((response) => response.status === 201).flatMap((response) => response.body.dues);
    expect(new Set(gathered).size).toBe(gathered.length);
    expect([...gathered].sort()).toEqual(
      [first, second, third].map((contract) => `${contract.number}-20270301`).sort(),
    );
    expect((await allCollections(api)).every((collection) => collection.status === 'created')).toBe(true);
  });

  it('draws on a replacement mandate once signed: its IBAN, its reference, FRST again', async () => {
    clock.set('2027-03-03T09:00:00Z');
    const added = await api.request('POST', `/api/contracts/${first.id}/mandates`, {
      body: { accountHolder: 'Jörg Weiß', iban: 'DE75512108001245126199' },
    });
    expect(added.status).toBe(201);
    await signMandate(api, first.id);

    clock.set('2027-03-20T09:00:00Z');
    const response = await createCollection(api, '2027-04-01');

    expect(response.status).toBe(201);
    const file = (await api.request('GET', `/api/collections/${response.body.id}/file`)).text;
    const frst = childrenNamed(at(parseXml(file), 'CstmrDrctDbtInitn'), 'PmtInf').find(
      (payment) => at(payment, 'PmtTpInf/SeqTp').text === 'FRST',
    );
    const debit = childrenNamed(frst ?? { name: '', attributes: {}, children: [], text: '' }, 'DrctDbtTxInf').find(
      (transaction) => at(transaction, 'PmtId/EndToEndId').text === `${first.number}-20270401`,
    );
    expect(debit && at(debit, 'DbtrAcct/Id/IBAN').text).toBe('DE75512108001245126199');
    expect(debit && at(debit, 'DrctDbtTx/MndtRltdInf/MndtId').text).toBe(`${first.number}-2`);
    expect(debit && at(debit, 'DrctDbtTx/MndtRltdInf/DtOfSgntr').text).toBe('2027-03-03');
  });
});
