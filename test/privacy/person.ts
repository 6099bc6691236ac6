import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { postFrom } from '../declarations/declaration-support.ts';
import { type TestApi, unique } from '../support/api.ts';
import { signaturePng } from '../support/images.ts';
import { putStudioProfile, studioProfileWithSepa } from '../support/studio.ts';
import { tableClient } from '../support/table.ts';

/**
 * The account the customer pays from: the export shows it in full, an erasure leaves it nowhere. Not the studio's
 * own (studioProfileWithSepa), which collections keep as the creditor's.
 */
export const customerIban = 'DE02120300000000202051';

export const created = async (api: TestApi, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await api.request('POST', path, { body, headers });
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(201);
  return response.body;
};

/** A customer with every field, as a studio would record one. */
export const newPerson = async (api: TestApi) => {
  const lastName = unique('Privat');
  const email = `${unique('erika')}@example.com`;
  const contact = await created(api, '/api/contacts', {
    firstName: 'Erika',
    lastName,
    email,
    phone: '+49 30 5550123',
    dateOfBirth: '1990-04-12',
    address: { street: 'Gartenweg 7', postalCode: '10115', city: 'Berlin', country: 'DE' },
    notes: 'Knee injury in 2025.',
  });
  return { contact, email, lastName };
};

/** A monthly contract of the person from 1 January 2027, with a SEPA mandate of the person's account. */
export const contractOf = async (api: TestApi, contactId: string, extra: Record<string, unknown> = {}) => {
  const service = await created(api, '/api/services', {
    name: unique('Yoga '),
    price: { amount: 4900, currency: 'EUR' },
    billingInterval: 'month',
  });
  return created(
    api,
    '/api/contracts',
    {
      contactId,
      items: [{ serviceId: service.id }],
      startDate: '2027-01-01',
      directDebit: { accountHolder: 'Erika Privat', iban: customerIban, bic: 'BYLADEM1001' },
      ...extra,
    },
    { 'idempotency-key': unique('key') },
  );
};

export const signByCustomer = (api: TestApi, contract: { id: string; documentHash: string }) =>
  created(api, `/api/contracts/${contract.id}/signatures`, {
    role: 'customer',
    signerName: 'Erika Privat',
    documentHash: contract.documentHash,
    signatureImage: signaturePng,
    consent: true,
  });

/**
 * Collects January 2027's dues, the person's among them (its due and debit), at a time that pre-notifies
 * them: the API's clock is set for this one request.
 */
const collectFirstDue = async (api: TestApi) => {
  process.env.STUDIO_CLOCK = '2027-01-05T09:00:00Z';
  try {
    await created(api, '/api/collections', { collectionDate: '2027-01-19' }, { 'idempotency-key': unique('key') });
  } finally {
    delete process.env.STUDIO_CLOCK;
  }
};

/**
 * The bank returns the person's January debit (AM04: no funds), and the Vorabankündigung of its next collection is
 * mailed as documents-render mails it on `due.returned`. The clock is set to the return's day.
 */
const returnFirstDue = async (api: TestApi, contract: { id: string; number: string }) => {
  const { collectionId } = (await api.request('GET', `/api/contracts/${contract.id}/dues?to=2027-01-31`)).body.items[0];
  process.env.STUDIO_CLOCK = '2027-01-22T09:00:00Z';
  try {
    await created(api, `/api/collections/${collectionId}/returns`, {
      endToEndId: `${contract.number}-20270101`,
      reasonCode: 'AM04',
      returnedOn: '2027-01-22',
      bankFee: { amount: 300, currency: 'EUR' },
    });
    // Imported here, not at the top: the table's client must not be made before useApi has named the endpoint.
    const { preNotifyReturnedDues } = await import('#shared/collections/pre-notification.ts');
    await preNotifyReturnedDues(contract.id);
  } finally {
    delete process.env.STUDIO_CLOCK;
  }
};

/**
 * Staff send a reminder and a Mahnung of the returned due, and the owner hands the claim to a collection agency;
 * the letters are kept and mailed as documents-render does on `reminder.sent`. The clock is set to each step's day.
 */
const remindOfReturnedDue = async (api: TestApi, contract: { id: string; number: string }) => {
  process.env.STUDIO_CLOCK = '2027-01-22T09:00:00Z';
  try {
    await created(api, `/api/contracts/${contract.id}/account/reminders`, undefined);
    // A Mahnung 14 days later and, after its deadline, the claim handed to a collection agency.
    process.env.STUDIO_CLOCK = '2027-02-05T09:00:00Z';
    await created(api, `/api/contracts/${contract.id}/account/reminders`, undefined);
    process.env.STUDIO_CLOCK = '2027-02-20T09:00:00Z';
    await created(api, `/api/contracts/${contract.id}/account/handover`, undefined);
  } finally {
    delete process.env.STUDIO_CLOCK;
  }
  const { sendReminderLetters } = await import('#shared/documents/reminder-letters.ts');
  await sendReminderLetters(contract.id);
};

/**
 * Everything the service can hold about one customer: the contact, a contract signed at the tablet with its
 * mandate signed, the customer's copy mailed, the signed original stored, its first due collected, the debit
 * returned (its Vorabankündigung mailed), a payment at the counter booked on its account, reminded (the letters kept
 * and mailed) and handed to a collection agency, a
 * termination declared without login (by email, in capitals), then terminated by staff and confirmed by letter. The studio profile
 * is set first (contracts and mandates need it).
 */
export const personWithEverything = async (api: TestApi) => {
  await putStudioProfile(api, studioProfileWithSepa);
  const person = await newPerson(api);
  const contract = await contractOf(api, person.contact.id);
  await created(api, `/api/contracts/${contract.id}/signing-sessions`, {});
  await signByCustomer(api, contract);
  await created(api, `/api/contracts/${contract.id}/mandate/signature`, {
    signerName: 'Erika Privat',
    mandateHash: contract.mandate.mandateHash,
    signatureImage: signaturePng,
    consent: true,
  });
  await created(api, `/api/contracts/${contract.id}/copies`, { to: person.email });
  expect((await api.request('GET', `/api/contracts/${contract.id}/document`)).status).toBe(200);
  // A fortnight's pause agreed and signed (an amendment and its signature image), months after the first due.
  const pauseFrom = new Date(Math.max(Date.parse('2027-06-01'), Date.now() + 7 * dayMs)).toISOString().slice(0, 10);
  const pause = await created(api, `/api/contracts/${contract.id}/amendments`, {
    kind: 'pause',
    effectiveFrom: pauseFrom,
    lastDay: new Date(Date.parse(pauseFrom) + 13 * dayMs).toISOString().slice(0, 10),
    reason: 'holiday',
  });
  await created(api, `/api/contracts/${contract.id}/amendments/${pause.id}/signature`, {
    signerName: 'Erika Privat',
    amendmentHash: pause.amendmentHash,
    signatureImage: signaturePng,
    consent: true,
  });
  // documents-render's work on `amendment.agreed`, as the stream runs it: the amendment's document kept and mailed.
  const { keepAndMailAmendment } = await import('#shared/documents/amendment-documents.ts');
  await keepAndMailAmendment(pause.id);
  await collectFirstDue(api);
  await returnFirstDue(api, contract);
  // The member pays part of it at the counter: the account's entries hold the payment's reference.
  await created(api, `/api/contracts/${contract.id}/account/payments`, {
    amount: { amount: 1000, currency: 'EUR' },
    paidOn: '2025-06-02',
    method: 'cash',
    reference: 'Quittung Erika Privat',
  });
  await remindOfReturnedDue(api, contract);
  const declared = await postFrom(api, '127.0.0.2', '/api/public/terminations', {
    firstName: 'Erika',
    lastName: person.lastName,
    email: person.email.toUpperCase(),
    contractNumber: contract.number,
  });
  expect(declared.status, JSON.stringify(declared.body)).toBe(202);
  const terminated = await api.request('POST', `/api/contracts/${contract.id}/termination`, { body: {} });
  expect(terminated.status, JSON.stringify(terminated.body)).toBe(200);
  // documents-render's work on `contract.terminated`, as the stream runs it: the Kündigungsbestätigung kept and mailed.
  // Imported here, not at the top: the table's client must not be made before useApi has named the endpoint.
  const { confirmTermination } = await import('#shared/documents/termination-confirmation.ts');
  await confirmTermination(contract.id);
  return { ...person, contract: terminated.body };
};

const dayMs = 86_400_000;

/**
 * Erasure asked once the person's contract has ended (the API's clock set two days after its last day): the
 * contact is restricted. Answers `restrictedUntil`; the clock stays where it was set.
 */
export const restrictOnceEnded = async (
  api: TestApi,
  person: { contact: { id: string }; contract: { endsOn: string } },
) => {
  process.env.STUDIO_CLOCK = new Date(Date.parse(`${person.contract.endsOn}T00:00:00Z`) + 2 * dayMs).toISOString();
  const erasure = await api.request('POST', `/api/contacts/${person.contact.id}/erasure`, {
    body: { reason: 'Asked by letter' },
  });
  expect(erasure.body.erased, JSON.stringify(erasure.body)).toBe(false);
  return erasure.body.restrictedUntil as string;
};

/**
 * What DynamoDB would still hold at `instant`: it deletes an item once its time to live has passed (idempotency
 * records after 24 hours, signing sessions), DynamoDB Local keeps them.
 */
export const liveAt =
  (instant: string) =>
  (item: Record<string, unknown>): boolean =>
    typeof item.expiresAt !== 'number' || item.expiresAt * 1000 > Date.parse(instant);

/** Every item of this file's table (or another): scanning is what the API never does, and what these tests check it with. */
export const everyItem = async (tableName = process.env.TABLE_NAME) => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await tableClient().send(
      new ScanCommand({ TableName: tableName, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/** The items whose stored form contains any of `needles` (ids, email, names, IBAN). */
export const itemsNaming = async (...needles: string[]) =>
  (await everyItem()).filter((item) => {
    const text = JSON.stringify(item, (_key, value) => (value instanceof Uint8Array ? undefined : value));
    return needles.some((needle) => text.includes(needle));
  });
