import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { type Page, type PageRequest, queryPage } from '../db/query-page.ts';
import { ConditionsFailed, type TransactItem, transactWrite } from '../db/transact.ts';
import { newRecord, nextVersion, replaceWithRetry, VersionChanged, versionedUpdate } from '../db/versioned-update.ts';
import { assertPrecondition, type VersionPrecondition } from '../http/if-match.ts';
import { Problem } from '../http/problem.ts';
import {
  contactEmailPartition,
  contactKey,
  contactListPartition,
  contactListSortKey,
  emailClaimKey,
  normalizeEmail,
  normalizeForSort,
} from './keys.ts';
import type { Contact, ContactInput } from './schema.ts';

const toContact = (item: Record<string, unknown>): Contact => {
  const c = item as unknown as Contact;
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    dateOfBirth: c.dateOfBirth,
    address: c.address,
    notes: c.notes,
    createdAt: c.createdAt,
    createdBy: c.createdBy ?? null,
    updatedAt: c.updatedAt,
    updatedBy: c.updatedBy ?? null,
    version: c.version,
  };
};

/** The attributes stored besides the record: index keys for the list and the email search. */
const indexAttributes = (contact: Contact) => ({
  gsi1pk: contactListPartition,
  gsi1sk: contactListSortKey(contact.lastName, contact.firstName, contact.id),
  gsi2pk: contact.email ? contactEmailPartition(contact.email) : undefined,
  gsi2sk: contact.email ? 'CONTACT' : undefined,
});

const claimEmail = (email: string, contactId: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...emailClaimKey(email), entity: 'contactEmail', contactId },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const releaseEmail = (email: string, contactId: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: emailClaimKey(email),
    ConditionExpression: 'contactId = :contactId',
    ExpressionAttributeValues: { ':contactId': contactId },
  },
});

const emailTaken = () =>
  new Problem('email-taken', 'Another contact already has this email address', {
    errors: [{ path: 'email', message: 'Already used by another contact' }],
  });

const sameEmail = (a: string | null, b: string | null) => (a && normalizeEmail(a)) === (b && normalizeEmail(b));

export const getContact = async (id: string): Promise<Contact | undefined> => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName(), Key: contactKey(id) }));
  return Item ? toContact(Item) : undefined;
};

const getExistingContact = async (id: string): Promise<Contact> => {
  const contact = await getContact(id);
  if (!contact) throw new Problem('not-found', 'No contact has this id');
  return contact;
};

/**
 * Creates the contact and, in the same transaction, claims its email, so two
 * creates can never share one. `createdBy` is the caller's `sub`.
 */
export const createContact = async (input: ContactInput, createdBy: string): Promise<Contact> => {
  const contact: Contact = newRecord(input, createdBy);
  const writes: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...contactKey(contact.id), entity: 'contact', ...indexAttributes(contact), ...contact },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (contact.email) writes.push(claimEmail(contact.email, contact.id));
  try {
    await transactWrite(writes);
  } catch (error) {
    if (error instanceof ConditionsFailed && error.at(1)) throw emailTaken();
    throw error;
  }
  return contact;
};

/**
 * Replaces the mutable fields, conditional on the version that was read (see
 * `replaceWithRetry`). An email change moves the claim in the same transaction.
 * `updatedBy` is the caller's `sub`.
 */
export const replaceContact = (
  id: string,
  input: ContactInput,
  ifMatch: VersionPrecondition | undefined,
  updatedBy: string,
): Promise<Contact> =>
  replaceWithRetry(ifMatch, async () => {
    const current = await getExistingContact(id);
    assertPrecondition(ifMatch, current.version);
    const next = nextVersion(current, { ...input, updatedBy });
    const writes: TransactItem[] = [{ Update: versionedUpdate(contactKey(id), next, indexAttributes(next)) }];
    const emailChanged = !sameEmail(current.email, next.email);
    if (emailChanged && current.email) writes.push(releaseEmail(current.email, id));
    if (emailChanged && next.email) writes.push(claimEmail(next.email, id));
    try {
      await transactWrite(writes);
      return next;
    } catch (error) {
      if (!(error instanceof ConditionsFailed)) throw error;
      if (emailChanged && next.email && error.at(writes.length - 1)) throw emailTaken();
      throw new VersionChanged();
    }
  });

/**
 * Deletes the contact and releases its email. The condition refuses while any
 * contract refers to the contact: the mark is set in the transaction that
 * creates a contract, so the check cannot race with a new contract.
 */
export const deleteContact = async (id: string, ifMatch: VersionPrecondition | undefined): Promise<void> => {
  const current = await getExistingContact(id);
  assertPrecondition(ifMatch, current.version);
  const writes: TransactItem[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: contactKey(id),
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(hasContracts) AND version = :version',
        ExpressionAttributeValues: { ':version': current.version },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
  ];
  if (current.email) writes.push(releaseEmail(current.email, id));
  try {
    await transactWrite(writes);
  } catch (error) {
    if (!(error instanceof ConditionsFailed)) throw error;
    const seen = error.failed[0]?.item;
    if (!seen) throw new Problem('not-found', 'No contact has this id');
    if (seen.hasContracts) {
      throw new Problem(
        'contact-has-contracts',
        'Contracts refer to this contact; they are kept for their retention period',
      );
    }
    throw new Problem('precondition-failed', 'The contact was changed by another request');
  }
};

/** Contacts by last name, first name, id; `search` is an exact email (with @) or a last-name prefix. */
export const listContacts = async (request: PageRequest & { search?: string | undefined }): Promise<Page<Contact>> => {
  const { search } = request;
  if (search?.includes('@')) {
    return queryPage({ ...request, index: 'gsi2', partition: contactEmailPartition(search), toRecord: toContact });
  }
  return queryPage({
    ...request,
    index: 'gsi1',
    partition: contactListPartition,
    ...(search ? { sortPrefix: normalizeForSort(search) } : {}),
    toRecord: toContact,
  });
};
