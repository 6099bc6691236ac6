import { isDeepStrictEqual } from 'node:util';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { newId } from '#shared/http/ids.ts';
import { benchUser } from './events.ts';
import { type ContactFields, contactItem, emailClaimItem } from './floors/contact-item.ts';

// BatchWriteItem takes at most 25 items per call.
const batchSize = 25;
const lastNames = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
];

const seedContact = (index: number, createdAt: string) => {
  const fields: ContactFields = {
    firstName: `Anna ${index}`,
    lastName: `${lastNames[index % lastNames.length]} ${String(index).padStart(5, '0')}`,
    email: `anna.${index}.${createdAt.slice(0, 10)}@example.com`,
    phone: '+49 30 1234567',
    dateOfBirth: '1990-04-12',
    address: { street: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
    notes: null,
  };
  const contact = {
    id: newId(),
    ...fields,
    createdAt,
    createdBy: benchUser,
    updatedAt: createdAt,
    updatedBy: benchUser,
  };
  return { ...contact, version: 1 };
};

const writeBatch = async (client: DynamoDBDocumentClient, table: string, items: Record<string, unknown>[]) => {
  let requests = items.map((Item) => ({ PutRequest: { Item } }));
  while (requests.length) {
    const { UnprocessedItems } = await client.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
    requests = (UnprocessedItems?.[table] ?? []) as typeof requests;
  }
};

/**
 * Fills the table with `count` contacts and their email claims by
 * BatchWriteItem, `concurrency` calls at a time: the items the store's
 * createContact writes, without 20,000 transactions.
 */
export const seedContacts = async (
  client: DynamoDBDocumentClient,
  table: string,
  count: number,
  concurrency = 8,
): Promise<void> => {
  const createdAt = new Date().toISOString();
  const items = Array.from({ length: count }, (_, index) => seedContact(index, createdAt)).flatMap((contact) => [
    contactItem(contact),
    emailClaimItem(contact.email, contact.id),
  ]);
  const batches = Array.from({ length: Math.ceil(items.length / batchSize) }, (_, index) =>
    items.slice(index * batchSize, (index + 1) * batchSize),
  );
  const workers = Array.from({ length: concurrency }, async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) await writeBatch(client, table, batch);
  });
  await Promise.all(workers);
};

/**
 * Guards the seed against drift from the store: the item createContact wrote
 * must have the attributes a seeded item has, with keys derived the same way.
 */
export const assertSeedMatchesStore = (stored: Record<string, unknown>): void => {
  const names = (item: object) => Object.keys(item).sort().join(',');
  const seeded = contactItem(seedContact(0, new Date().toISOString()));
  const { pk: _pk, sk: _sk, entity: _entity, gsi1pk: _1, gsi1sk: _2, gsi2pk: _3, gsi2sk: _4, ...contact } = stored;
  const rebuilt = contactItem(contact as unknown as ContactFields & { id: string });
  if (names(stored) !== names(seeded) || !isDeepStrictEqual(rebuilt, stored)) {
    throw new Error(
      `The seed's contact item differs from the store's:\nstore: ${JSON.stringify(stored)}\nseed:  ${JSON.stringify(seeded)}`,
    );
  }
};
