import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import {
  allCollections,
  at,
  childrenNamed,
  createCollection,
  ensureXmllint,
  mandatedContract,
  parseXml,
  sepaStudio,
  validateFile,
} from './support.ts';

// 2,000 dues in one collection: twenty times what one DynamoDB transaction holds (docs/collections.md).
const api = useApi();
const clock = useClock();

// Four weekly contracts from Monday 26 June 2017: 500 dues each up to Monday 18 January 2027.
const contracts = 4;
const duesPerContract = 500;

beforeAll(async () => {
  ensureXmllint();
  process.env.STUDIO_CLOCK = '2027-01-04T09:00:00Z';
  await sepaStudio(api);
  for (let index = 0; index < contracts; index++) {
    await mandatedContract(api, { startDate: '2017-06-26', billingInterval: 'week', amount: 1000 + index });
  }
  delete process.env.STUDIO_CLOCK;
});

describe('a collection of 2,000 dues', () => {
  it('claims every due once and writes a file that validates with exact totals', async () => {
    clock.set('2027-01-05T09:00:00Z');

    const started = performance.now();
    const response = await createCollection(api, '2027-01-19');
    const tookMs = performance.now() - started;

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.count).toBe(contracts * duesPerContract);
    expect(new Set(response.body.dues).size).toBe(contracts * duesPerContract);
    const cents = duesPerContract * (1000 + 1001 + 1002 + 1003);
    expect(response.body.total).toEqual({ amount: cents, currency: 'EUR' });
    // The create's time on DynamoDB Local, for the record (`npm run bench -- --only sepa` measures it properly).
    console.info(`2,000 dues collected in ${Math.round(tookMs)} ms`);

    const file = await api.request('GET', `/api/collections/${response.body.id}/file`);
    const verdict = validateFile(file.text);
    expect(verdict.status, verdict.stderr).toBe(0);
    const initiation = at(parseXml(file.text), 'CstmrDrctDbtInitn');
    expect(at(initiation, 'GrpHdr/NbOfTxs').text).toBe('2000');
    expect(at(initiation, 'GrpHdr/CtrlSum').text).toBe((cents / 100).toFixed(2));
    const [frst] = childrenNamed(initiation, 'PmtInf');
    expect(frst && at(frst, 'PmtTpInf/SeqTp').text).toBe('FRST');

    expect((await createCollection(api, '2027-01-19')).status).toBe(422);
    expect((await allCollections(api)).map((collection) => collection.count)).toEqual([2000]);
  }, 240_000);
});
