import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { debitKey, dueSortPrefix } from '../collections/keys.ts';
import { ConcurrencyLimit } from '../concurrency-limit.ts';
import { contactKey, emailClaimKey } from '../contacts/keys.ts';
import { contractPartition, contractsOfContactPartition } from '../contracts/keys.ts';
import { documentClient, tableName } from '../db/client.ts';
import { declarationsByEmailPartition, declarationsOfContractPartition } from '../declarations/keys.ts';
import { eventObjects } from '../outbox/event-types.ts';
import { eventPartition } from '../outbox/outbox.ts';
import { currentSessionKey } from '../signing/keys.ts';
import { itemKindOf, placesOfPersonItems } from './inventory.ts';
import type { ItemKind, PlaceOfItems } from './item-kind.ts';

type Item = Record<string, unknown>;

/** One item that names the person, with its kind in the inventory. */
export interface PersonItem {
  readonly item: Item;
  readonly kind: ItemKind;
}

/** Everything the table holds about one contact, found from it with GetItem and Query only. */
export interface PersonItems {
  readonly contact: Item;
  readonly contractIds: readonly string[];
  readonly items: readonly PersonItem[];
}

/** An item of a kind the inventory leaves out: it is incomplete, so nothing may be answered from it. */
export class UnlistedItemKind extends Error {
  constructor(item: Item) {
    super(
      `The personal-data inventory lists no kind for the item ${String(item.pk)} ${String(item.sk)} (entity ${String(item.entity)})`,
    );
    this.name = 'UnlistedItemKind';
  }
}

// A person with a hundred contracts has some thousand places to read: never more than this many at once.
const calls = new ConcurrencyLimit(8);

const queryAll = async (input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> => {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await calls.run(() =>
      documentClient.send(new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: start })),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

const partition = (pk: string) =>
  queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true });

const getItem = async (key: { pk: string; sk: string }): Promise<Item[]> => {
  const { Item } = await calls.run(() =>
    documentClient.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true })),
  );
  return Item ? [Item] : [];
};

// The contract's pointers, one per signer role and one per amendment signed through a session: its whole partition.
const signingPointers = (contractId: string) => partition(currentSessionKey(contractId, 'customer').pk);

// A due the contract's partition holds was collected: its debit, as sent, sits in that collection's partition.
const debitsOfContract = async (contractId: string): Promise<Item[]> => {
  const dues = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :due)',
    ExpressionAttributeValues: { ':pk': contractPartition(contractId), ':due': dueSortPrefix },
    ConsistentRead: true,
  });
  const collected = dues.filter((due) => typeof due.collectionId === 'string');
  return (
    await Promise.all(collected.map((due) => getItem(debitKey(String(due.collectionId), String(due.id)))))
  ).flat();
};

// A person's declarations are keyed twice: by the email given (the contact's, normalized) and by each contract
// matched; one declaration may be found both ways, and is kept once.
const declarationsOf = async (contact: Item, contractIds: readonly string[]): Promise<Item[]> => {
  const byIndex = (index: 'gsi2' | 'gsi4', partitionKey: string) =>
    queryAll({
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk`,
      ExpressionAttributeValues: { ':pk': partitionKey },
    });
  const found = (
    await Promise.all([
      ...(typeof contact.email === 'string' ? [byIndex('gsi2', declarationsByEmailPartition(contact.email))] : []),
      ...contractIds.map((id) => byIndex('gsi4', declarationsOfContractPartition(id))),
    ])
  ).flat();
  return [...new Map(found.map((item) => [String(item.pk), item])).values()];
};

const eventsAbout = (object: string, id: string) => partition(eventPartition(object, id));

/** How each place is read, given the contact and its contracts. */
const readers: Record<PlaceOfItems, (contact: Item, contractIds: readonly string[]) => Promise<Item[]>> = {
  contact: (contact) => partition(String(contact.pk)),
  email: async (contact) =>
    typeof contact.email === 'string'
      ? (await getItem(emailClaimKey(contact.email))).filter((claim) => claim.contactId === contact.id)
      : [],
  contract: async (_contact, contractIds) =>
    (await Promise.all(contractIds.map((id) => partition(contractPartition(id))))).flat(),
  signing: async (_contact, contractIds) => (await Promise.all(contractIds.map(signingPointers))).flat(),
  collection: async (_contact, contractIds) => (await Promise.all(contractIds.map(debitsOfContract))).flat(),
  declarations: declarationsOf,
  // Events of other objects may carry these ids too (a mandate's events name its contract): every object is asked.
  events: async (contact, contractIds) =>
    (
      await Promise.all(
        [String(contact.id), ...contractIds].flatMap((id) => eventObjects.map((object) => eventsAbout(object, id))),
      )
    ).flat(),
};

/**
 * Reads every item that names the contact from the places the item kinds name, and refuses an item
 * of a kind the inventory leaves out. Undefined for an unknown contact.
 */
export const readPersonItems = async (contactId: string): Promise<PersonItems | undefined> => {
  const [contact] = await getItem(contactKey(contactId));
  if (!contact) return undefined;
  const contracts = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': contractsOfContactPartition(contactId) },
  });
  const contractIds = contracts.map((contract) => String(contract.id));
  // Every place at once (one after another, an export was some fifteen round trips long), its calls limited above.
  const found = (
    await Promise.all([...placesOfPersonItems].map((place) => readers[place](contact, contractIds)))
  ).flat();
  const items = found.map((item) => {
    const kind = itemKindOf(item);
    if (!kind) throw new UnlistedItemKind(item);
    return { item, kind };
  });
  return { contact, contractIds, items };
};
