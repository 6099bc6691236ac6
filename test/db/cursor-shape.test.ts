import { describe, expect, it } from 'vitest';
import { newId } from '#shared/http/ids.ts';
import { unique, useApi } from '../support/api.ts';

// The webhook of the deliveries test points at this machine, as the local server allows.
process.env.WEBHOOK_DESTINATIONS = 'local';
const api = useApi();

const encode = (key: Record<string, string>) => Buffer.from(JSON.stringify(key)).toString('base64url');
const decode = (cursor: string): Record<string, string> => JSON.parse(Buffer.from(cursor, 'base64url').toString());

const invalidCursor = 'https://studio.example/problems/invalid-cursor';

/** Each list's index key as its own items carry it, and the table key of one of them. */
const lists = [
  {
    path: '/api/contacts',
    index: { gsi1pk: 'CONTACTS' },
    own: (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT', gsi1sk: `doe\u0001jane\u0001${id}` }),
  },
  {
    path: '/api/services',
    index: { gsi1pk: 'SERVICES' },
    own: (id: string) => ({ pk: `SERVICE#${id}`, sk: 'SERVICE', gsi1sk: `yoga\u0001${id}` }),
  },
  {
    path: '/api/contracts',
    index: { gsi1pk: 'CONTRACTS' },
    own: (id: string) => ({ pk: `CONTRACT#${id}`, sk: 'CONTRACT', gsi1sk: id }),
  },
  {
    path: '/api/events',
    index: { gsi1pk: 'EVENTS' },
    own: (id: string) => ({ pk: `EVENTS#contact#${newId()}`, sk: `EVENT#${id}`, gsi1sk: id }),
  },
  {
    path: '/api/webhooks',
    index: { gsi1pk: 'WEBHOOKS' },
    own: (id: string) => ({ pk: `WEBHOOK#${id}`, sk: 'WEBHOOK', gsi1sk: id }),
  },
  {
    path: '/api/debt-collection',
    index: { gsi1pk: 'DEBT_COLLECTION' },
    own: (id: string) => ({ pk: `CONTRACT#${id}`, sk: 'DUNNING#HANDOVER#001', gsi1sk: `2027-02-20#${id}` }),
  },
] as const;

/** Table keys of other kinds of items, each with an index sort key the list would take. */
const foreignTableKeys = (id: string) => ({
  'an idempotency record': { pk: `IDEMPOTENCY#${'ab'.repeat(32)}`, sk: 'IDEMPOTENCY' },
  'a contract': { pk: `CONTRACT#${id}`, sk: 'CONTRACT' },
  "a contract's signature": { pk: `CONTRACT#${id}`, sk: 'CONTRACT#SIGNATURE#customer' },
  'a contact': { pk: `CONTACT#${id}`, sk: 'CONTACT' },
  "an email's claim": { pk: 'CONTACT_EMAIL#jane@example.com', sk: 'CONTACT_EMAIL' },
  "a webhook's delivery": { pk: `WEBHOOK#${id}`, sk: `DELIVERY#${id}` },
});

describe('a cursor must carry a key of the listed kind of item (a foreign cursor is a 400)', () => {
  for (const list of lists) {
    it(`${list.path} takes a cursor shaped like its own items' keys`, async () => {
      const id = newId();
      const response = await api.request('GET', `${list.path}?cursor=${encode({ ...list.index, ...list.own(id) })}`);

      expect(response.status).toBe(200);
    });

    it(`${list.path} answers 400 for another kind of item's table key in its index partition`, async () => {
      const id = newId();
      const own = list.own(id);
      const foreign = Object.entries(foreignTableKeys(id)).filter(([, key]) => key.pk !== own.pk || key.sk !== own.sk);

      for (const [kind, tableKey] of foreign) {
        const cursor = encode({ ...list.index, gsi1sk: own.gsi1sk, ...tableKey });
        const response = await api.request('GET', `${list.path}?cursor=${cursor}`);

        expect({ kind, status: response.status, type: response.body.type }).toEqual({
          kind,
          status: 400,
          type: invalidCursor,
        });
      }
    });

    it(`${list.path} answers 400 for a key whose attributes name two different items or have no id`, async () => {
      const own = list.own(newId());
      const otherId = newId();
      const crossed = { ...list.index, ...own, gsi1sk: own.gsi1sk.replace(/[0-9A-Z]{26}$/, otherId) };
      const noId = { ...list.index, ...own, gsi1sk: own.gsi1sk.replace(/[0-9A-Z]{26}$/, 'x') };
      const idOnlyInPrefix = { ...list.index, ...own, pk: `${own.pk}#EXTRA` };

      for (const key of [crossed, noId, idOnlyInPrefix]) {
        const response = await api.request('GET', `${list.path}?cursor=${encode(key)}`);
        expect({ key, status: response.status }).toEqual({ key, status: 400 });
      }
    });
  }

  it('pages on with the cursor a contacts list handed out, to the end and only once per contact', async () => {
    const family = unique('Cursor');
    for (const firstName of ['Ann', 'Ben', 'Cid']) {
      expect((await api.request('POST', '/api/contacts', { body: { firstName, lastName: family } })).status).toBe(201);
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: { firstName: string }[]; nextCursor: string | null } } = await api.request(
        'GET',
        `/api/contacts?search=${family}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.body.items.map((item) => item.firstName));
      cursor = page.body.nextCursor;
      if (cursor) expect(Object.keys(decode(cursor)).sort()).toEqual(['gsi1pk', 'gsi1sk', 'pk', 'sk']);
    } while (cursor);

    expect(seen).toEqual(['Ann', 'Ben', 'Cid']);
  });

  it("a webhook's deliveries take only that webhook's delivery keys", async () => {
    const created = await api.request('POST', '/api/webhooks', {
      body: { url: 'http://127.0.0.1:9/hook', types: ['contact.created'] },
    });
    expect(created.status).toBe(201);
    const webhookId: string = created.body.id;
    const deliveryId = newId();
    const partition = { gsi3pk: `WEBHOOK#${webhookId}#DELIVERIES`, gsi3sk: deliveryId };
    const path = `/api/webhooks/${webhookId}/deliveries`;

    const own = await api.request(
      'GET',
      `${path}?cursor=${encode({ ...partition, pk: `WEBHOOK#${webhookId}`, sk: `DELIVERY#${deliveryId}` })}`,
    );
    const otherWebhook = await api.request(
      'GET',
      `${path}?cursor=${encode({ ...partition, pk: `WEBHOOK#${newId()}`, sk: `DELIVERY#${deliveryId}` })}`,
    );
    const webhookItself = await api.request(
      'GET',
      `${path}?cursor=${encode({ ...partition, pk: `WEBHOOK#${webhookId}`, sk: 'WEBHOOK' })}`,
    );

    expect([own.status, otherWebhook.status, webhookItself.status]).toEqual([200, 400, 400]);
  });
});
