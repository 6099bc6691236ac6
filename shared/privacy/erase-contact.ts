import { now } from '../clock.ts';
import { contactFromItem, contactItem, contactKey } from '../contacts/entity.ts';
import type { Contact } from '../contacts/schema.ts';
import { contactTexts } from '../contacts/texts.ts';
import { hasEnded, todayOf } from '../contracts/computed-dates.ts';
import { contractFromItem, signatureFromItem } from '../contracts/entity.ts';
import type { StoredContract } from '../contracts/schema.ts';
import { tableName } from '../db/client.ts';
import { ConditionFailed, NotFound } from '../db/errors.ts';
import { replaceWithRetry, VersionChanged, versionedUpdate } from '../db/versioned.ts';
import { type WriteItem, write } from '../db/write.ts';
import { retainUntilOf } from '../documents/retention.ts';
import type { Caller } from '../http/authorization.ts';
import { Problem } from '../http/problem.ts';
import { eraseOutboxMailsTo } from '../mail/outbox-erasure.ts';
import { erasureLogEntry } from './erasure-log.ts';
import { type PersonItems, readPersonItems } from './person-items.ts';

/** The answer of an erasure: erased now, or restricted until its contracts' retention ends. */
export type ErasureOutcome = { erased: true; restrictedUntil: null } | { erased: false; restrictedUntil: string };

const itemsOfKind = (person: PersonItems, entity: string) =>
  person.items.filter(({ kind }) => kind.entity === entity).map(({ item }) => item);

/** Running: still owed (pending, signed), or terminated and not yet past its last day (Art. 6 Abs. 1 b GDPR). */
const isRunning = (contract: StoredContract, at: Date) =>
  contract.status !== 'cancelled' && !(contract.status !== 'pending' && hasEnded(contract, todayOf(contract, at)));

/** The latest `retainUntil` of the contracts' documents, stored or (not yet rendered) as they will be stored. */
const latestRetention = (person: PersonItems): string => {
  const signatures = itemsOfKind(person, 'signature');
  const fromContracts = itemsOfKind(person, 'contract').map((item) =>
    retainUntilOf({
      ...contractFromItem(item),
      signatures: signatures.filter((signature) => signature.pk === item.pk).map(signatureFromItem),
    }).toISOString(),
  );
  const fromDocuments = itemsOfKind(person, 'storedDocument').map((item) => String(item.retainUntil));
  return [...fromContracts, ...fromDocuments].sort().at(-1) as string;
};

const deleteItem = (item: Record<string, unknown>): WriteItem => ({
  Delete: { TableName: tableName(), Key: { pk: item.pk, sk: item.sk } },
});

/**
 * Erased now: the contact and every other item holding its personal data that can be found from it, on
 * condition that no contract has come to name it meanwhile; the erasure log's entry (ids only) and
 * `contact.erased` in the same transaction.
 */
const eraseNow = async (person: PersonItems, contact: Contact): Promise<ErasureOutcome> => {
  const outcome: ErasureOutcome = { erased: true, restrictedUntil: null };
  const others = person.items.filter(
    ({ item, kind }) => kind.personalData && kind.entity !== 'contact' && item !== person.contact,
  );
  // Before the transaction: removing a mail is safe to repeat, and a replay of the answer would skip it.
  if (contact.email) await eraseOutboxMailsTo(contact.email);
  await write(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: contactKey(contact.id),
          ConditionExpression: 'version = :version AND attribute_not_exists(hasContracts)',
          ExpressionAttributeValues: { ':version': contact.version },
        },
      },
      ...others.map(({ item }) => deleteItem(item)),
      erasureLogEntry(contact.id, now().toISOString(), 'request'),
    ],
    { result: outcome, change: { type: 'contact.erased', id: contact.id, version: contact.version } },
  ).catch(versionChanged);
  return outcome;
};

/**
 * Restricted: what no retention needs (phone, date of birth, notes) is erased now, the rest is kept until
 * `restrictedUntil`, out of every index (no list or search finds it) and out of staff's reach.
 */
const restrict = async (person: PersonItems, contact: Contact, caller: Caller): Promise<ErasureOutcome> => {
  const restrictedUntil = latestRetention(person);
  const outcome: ErasureOutcome = { erased: false, restrictedUntil };
  const next: Contact = {
    ...contact,
    phone: null,
    dateOfBirth: null,
    notes: null,
    restricted: true,
    restrictedUntil,
    updatedAt: now().toISOString(),
    updatedBy: caller.sub,
    version: contact.version + 1,
  };
  await write([versionedUpdate(contactKey(contact.id), contactItem(next))], {
    result: outcome,
    change: { type: 'contact.restricted', id: contact.id, version: next.version },
  }).catch(versionChanged);
  return outcome;
};

const versionChanged = (error: unknown): never => {
  throw error instanceof ConditionFailed ? new VersionChanged() : error;
};

/**
 * `POST /api/contacts/{id}/erasure` (Art. 17 GDPR): erased now without contracts, restricted when every
 * contract has ended or was cancelled, 409 naming the contracts that still run. Asked again, a restricted
 * contact answers its restriction again.
 */
export const eraseContact = (contactId: string, caller: Caller): Promise<ErasureOutcome> =>
  replaceWithRetry(undefined, async () => {
    const person = await readPersonItems(contactId);
    if (!person) throw new NotFound('contact');
    const contact = contactFromItem(person.contact);
    if (contact.restricted && contact.restrictedUntil)
      return { erased: false, restrictedUntil: contact.restrictedUntil };
    const contracts = itemsOfKind(person, 'contract').map(contractFromItem);
    if (contracts.length === 0 && person.contact.hasContracts !== true) return eraseNow(person, contact);
    const at = now();
    const running = contracts.filter((contract) => isRunning(contract, at));
    if (running.length > 0 || contracts.length === 0) {
      const named = running.map((contract) => `${contract.number} (${contract.id})`).join(', ');
      throw new Problem('contact-has-running-contracts', contactTexts.localized('contractsStillRun', named));
    }
    return restrict(person, contact, caller);
  });
