import { tableName } from '../db/client.ts';
import { ConditionFailed, NotFound, PreconditionFailed } from '../db/errors.ts';
import { type Page, type PageRequest, queryPage } from '../db/query-page.ts';
import { getExistingRecord, getRecord, replaceRecord } from '../db/record-store.ts';
import { checkPrecondition, newRecord } from '../db/versioned.ts';
import { putNew, type WriteItem, write } from '../db/write.ts';
import type { Caller } from '../http/authorization.ts';
import type { VersionPrecondition } from '../http/if-match.ts';
import { Problem } from '../http/problem.ts';
import {
  contactEmailKey,
  contactEmailPartition,
  contactFromItem,
  contactItem,
  contactKey,
  contactListKey,
  contactListPartition,
  contactRecords,
  emailClaimKey,
  normalizeEmail,
  normalizeForSort,
} from './entity.ts';
import type { Contact, ContactInput } from './schema.ts';
import { contactTexts } from './texts.ts';

const claimEmail = (email: string, contactId: string): WriteItem =>
  putNew({ ...emailClaimKey(email), entity: 'contactEmail', contactId });

const releaseEmail = (email: string, contactId: string): WriteItem => ({
  Delete: {
    TableName: tableName(),
    Key: emailClaimKey(email),
    ConditionExpression: 'contactId = :contactId',
    ExpressionAttributeValues: { ':contactId': contactId },
  },
});

const emailTaken = () =>
  new Problem('email-taken', contactTexts.localized('emailTaken'), {
    errors: [{ path: 'email', message: contactTexts.localized('emailUsedByAnotherContact') }],
  });

const sameEmail = (a: string | null, b: string | null) => (a && normalizeEmail(a)) === (b && normalizeEmail(b));

export const getContact = (id: string): Promise<Contact | undefined> => getRecord(contactRecords, contactKey(id));

export const getExistingContact = (id: string): Promise<Contact> => getExistingRecord(contactRecords, contactKey(id));

/** A restricted contact exists for owners only (Art. 18 GDPR): anyone else is answered as if there were none. */
export const getContactAs = async (caller: Caller, id: string): Promise<Contact> => {
  const contact = await getExistingContact(id);
  if (contact.restricted && !caller.groups.includes('owner')) throw new NotFound('contact');
  return contact;
};

/**
 * Creates the contact and, in the same transaction, claims its email, so two
 * creates can never share one. `createdBy` is the caller's `sub`.
 */
export const createContact = async (input: ContactInput, createdBy: string): Promise<Contact> => {
  const contact: Contact = newRecord({ ...input, restricted: false, restrictedUntil: null }, createdBy);
  const writes: WriteItem[] = [putNew(contactItem(contact))];
  if (contact.email) writes.push(claimEmail(contact.email, contact.id));
  try {
    await write(writes, {
      result: contact,
      change: { type: 'contact.created', id: contact.id, version: contact.version },
    });
  } catch (error) {
    if (error instanceof ConditionFailed && error.at(1)) throw emailTaken();
    throw error;
  }
  return contact;
};

/**
 * Replaces the mutable fields, conditional on the version that was read (see
 * `replaceWithRetry`). An email change moves the claim in the same transaction.
 * `updatedBy` is the caller's `sub`.
 */
export const replaceContact = async (
  id: string,
  input: ContactInput,
  ifMatch: VersionPrecondition | undefined,
  caller: Caller,
): Promise<Contact> => {
  // Only those who may not see a restricted contact pay for the extra read.
  if (!caller.groups.includes('owner')) await getContactAs(caller, id);
  return replaceRecord(
    contactRecords,
    contactKey(id),
    { input, ifMatch, updatedBy: caller.sub },
    {
      change: (next) => ({ type: 'contact.updated', id, version: next.version }),
      alsoWrite: (current, next) => {
        if (sameEmail(current.email, next.email)) return [];
        return [
          ...(current.email ? [releaseEmail(current.email, id)] : []),
          ...(next.email ? [claimEmail(next.email, id)] : []),
        ];
      },
      // The claim of the new email is the transaction's last write.
      refusal: (failure, writes, current, next) =>
        !sameEmail(current.email, next.email) && next.email && failure.at(writes.length - 1) ? emailTaken() : undefined,
    },
  );
};

/**
 * The mark that keeps the contact from being deleted while a contract refers to
 * it (see `deleteContact`), set on condition that the contact is still the
 * version the contract copied.
 */
export const hasContractsMark = (contact: Pick<Contact, 'id' | 'version'>): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: contactKey(contact.id),
    UpdateExpression: 'SET hasContracts = :true',
    ConditionExpression: 'version = :version',
    ExpressionAttributeValues: { ':true': true, ':version': contact.version },
  },
});

/**
 * Deletes the contact and releases its email. The condition refuses while any
 * contract refers to the contact: the mark is set in the transaction that
 * creates a contract, so the check cannot race with a new contract.
 */
export const deleteContact = async (id: string, ifMatch: VersionPrecondition | undefined): Promise<void> => {
  const current = await getExistingContact(id);
  checkPrecondition(ifMatch, current.version);
  const writes: WriteItem[] = [
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
    await write(writes, { change: { type: 'contact.deleted', id, version: current.version } });
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    const seen = error.itemAt(0);
    if (!seen) throw new NotFound('contact');
    if (seen.hasContracts) {
      throw new Problem('contact-has-contracts', contactTexts.localized('hasContracts'));
    }
    throw new PreconditionFailed(undefined);
  }
};

/** Contacts by last name, first name, id; `search` is an exact email (with @) or a last-name prefix. */
export const listContacts = async (request: PageRequest & { search?: string | undefined }): Promise<Page<Contact>> => {
  const { search } = request;
  if (search?.includes('@')) {
    return queryPage({
      ...request,
      index: 'gsi2',
      partition: contactEmailPartition(search),
      itemKey: contactEmailKey,
      toRecord: contactFromItem,
    });
  }
  return queryPage({
    ...request,
    index: 'gsi1',
    partition: contactListPartition,
    ...(search ? { sortPrefix: normalizeForSort(search) } : {}),
    itemKey: contactListKey,
    toRecord: contactFromItem,
  });
};
