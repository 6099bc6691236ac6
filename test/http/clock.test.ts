import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCollection, mandatedContract, sepaStudio } from '../collections/support.ts';
import { useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { outboxMails } from '../support/outbox.ts';

// Every stored time comes from the one clock (shared/clock.ts): a demo or test under STUDIO_CLOCK stands on one day.
const api = useApi();
const clock = useClock();
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-clock-'));
process.env.DATA_DIR = dataDir;

const instant = '2027-01-05T09:00:00.000Z';

describe('the API under STUDIO_CLOCK', () => {
  it('stamps created, updated, event and mail times with the clock, never the machine’s time', async () => {
    // prepare
    clock.set(instant);

    // act: a studio, a contract with its mandate, a replaced contact, a collection, a mailed copy
    const studio = (await sepaStudio(api)) as { createdAt: string; updatedAt: string };
    const replacedStudio = (await sepaStudio(api)) as { updatedAt: string };
    const contract = await mandatedContract(api);
    const stored = (await api.request('GET', `/api/contracts/${contract.id}`)).body;
    const contact = await api.request('GET', `/api/contacts/${stored.contactId}`);
    const replaced = await api.request('PUT', `/api/contacts/${stored.contactId}`, {
      body: { firstName: 'Jörg', lastName: contact.body.lastName, email: 'joerg@example.com' },
      headers: { 'if-match': contact.headers.get('etag') as string },
    });
    const collection = await createCollection(api, '2027-01-19');
    const copy = await api.request('POST', `/api/contracts/${contract.id}/copies`, {
      body: { to: 'joerg@example.com' },
    });
    const events = (await api.request('GET', '/api/events?limit=100')).body.items as { occurredAt: string }[];
    const [mail] = await outboxMails(join(dataDir, 'outbox'));

    // assess
    expect([studio.createdAt, studio.updatedAt, replacedStudio.updatedAt]).toEqual([instant, instant, instant]);
    expect([stored.createdAt, stored.updatedAt, stored.mandate.signedAt]).toEqual([instant, instant, instant]);
    expect(replaced.status).toBe(200);
    expect([replaced.body.createdAt, replaced.body.updatedAt]).toEqual([instant, instant]);
    expect(collection.status, JSON.stringify(collection.body)).toBe(201);
    expect([collection.body.createdAt, collection.body.updatedAt]).toEqual([instant, instant]);
    expect(copy.status).toBe(201);
    expect(copy.body.sentAt).toBe(instant);
    expect(mail?.date?.toISOString()).toBe(instant);
    expect(events.length).toBeGreaterThanOrEqual(6);
    expect(new Set(events.map(({ occurredAt }) => occurredAt))).toEqual(new Set([instant]));
  });
});
