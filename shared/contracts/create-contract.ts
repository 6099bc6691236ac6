import { emptyAccount } from '../accounts/summary-schema.ts';
import { now } from '../clock.ts';
import type { Contact } from '../contacts/schema.ts';
import { getContact } from '../contacts/store.ts';
import { ConditionFailed, WriteContention } from '../db/errors.ts';
import { write } from '../db/write.ts';
import { newId } from '../http/ids.ts';
import { Problem } from '../http/problem.ts';
import type { Service } from '../services/schema.ts';
import { getService } from '../services/store.ts';
import type { StudioCopy } from '../studio/schema.ts';
import { getStudioProfile } from '../studio/store.ts';
import { copyItems, copyOfContact, copyOfStudio, totalsByInterval } from './build-contract.ts';
import { todayOf, withComputedDates } from './computed-dates.ts';
import { claimInLine, type NumberReservation, nextContractNumber, reservationAfter } from './contract-number.ts';
import type { ContractInput } from './create-input.ts';
import { contractCreationWrites, numberTakenUpTo } from './creation-writes.ts';
import { documentHash } from './document/document-hash.ts';
import { creditorOf, newMandate } from './mandates/mandate.ts';
import type { MandateCreditor } from './mandates/mandate-schema.ts';
import type { ContractItem, ContractWithSignatures, StoredContract } from './schema.ts';
import { contractTexts } from './texts.ts';

const unknownContact = () =>
  new Problem('unprocessable', contractTexts.localized('contactNotFound'), {
    errors: [{ path: 'contactId', message: contractTexts.localized('unknownContact') }],
  });

const studioProfileMissing = () => new Problem('studio-profile-missing', contractTexts.localized('studioProfileFirst'));

const sepaCreditorMissing = () => new Problem('sepa-creditor-missing', contractTexts.localized('sepaCreditorFirst'));

// Every time zone's today lies within UTC−12 and UTC+14 of this instant.
const candidateYears = (at: Date): number[] => [
  ...new Set([-12, 14].map((hours) => new Date(at.getTime() + hours * 3_600_000).getUTCFullYear())),
];

const loadServices = async (input: ContractInput): Promise<Map<string, Service>> => {
  const ids = [...new Set(input.items.map((item) => item.serviceId))];
  const services = await Promise.all(ids.map((id) => getService(id)));
  return new Map(services.flatMap((service) => (service ? [[service.id, service] as const] : [])));
};

// Every create of a year takes the next number of one counter, so concurrent creates are served
// one after the other: in line within a process, and across processes each lost race costs one
// more round. Rounds are bounded by time, not by count: on a busy machine a round takes longer
// and more of them are lost, and a clerk is better served by a 201 after a few seconds than by a
// 409. The function's own timeout is longer than
// this budget (`timeoutSeconds` in the route table).
const createBudgetMs = 20_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface BuildContext {
  at: Date;
  studio: StudioCopy;
  contact: Contact;
  items: ContractItem[];
  reservation: NumberReservation;
  createdBy: string;
  /** The studio as the creditor of the direct debit; null without one. */
  creditor: MandateCreditor | null;
}

/** The stored contract and the answer of a create, with the reserved number. */
const buildContract = (input: ContractInput, context: BuildContext) => {
  const { at, studio, contact, items, reservation, createdBy, creditor } = context;
  const createdAt = at.toISOString();
  const content = {
    id: newId(),
    number: reservation.number,
    studio,
    contactId: contact.id,
    contact: copyOfContact(contact),
    items,
    totals: totalsByInterval(items),
    startDate: input.startDate,
    minimumTermMonths: input.minimumTermMonths,
    renewal: input.renewal,
    noticePeriod: input.noticePeriod,
    terms: input.terms,
    requireStudioSignature: input.requireStudioSignature,
    createdAt,
  };
  const contract: StoredContract = {
    ...content,
    status: 'pending',
    documentHash: documentHash(content),
    createdBy,
    cancelledAt: null,
    cancellationReason: null,
    cancelledBy: null,
    termination: null,
    withdrawal: null,
    account: emptyAccount,
    updatedAt: createdAt,
    version: 1,
  };
  // The contract's first mandate: a declaration of its own beside the contract, not in its document hash.
  const mandate = creditor && input.directDebit ? newMandate(content, 1, creditor, input.directDebit) : null;
  const created: ContractWithSignatures = withComputedDates({ ...contract, signatures: [], copies: [], mandate }, at);
  return { contract, mandate, created };
};

/**
 * Creates a contract in one transaction: the contract with copies of the
 * studio profile, the contact and the services, the next gap-free number of
 * the year in the studio's time zone, checks that the contact and every
 * service are still exactly what was copied (and the services active), and
 * the mark on the contact that keeps it from being deleted. The profile is not
 * checked: every create would then touch that one item, and a copy of the
 * version read is the profile as it stood when the contract was made.
 */
export const createContract = async (input: ContractInput, createdBy: string): Promise<ContractWithSignatures> => {
  const deadline = Date.now() + createBudgetMs;
  for (let attempt = 1; Date.now() < deadline; attempt++) {
    const at = now();
    // The number's year is the studio's, known only once the profile is read; reading the
    // counters of every year the studio's today can be in keeps it all one round trip.
    const [profile, contact, services, reservations] = await Promise.all([
      getStudioProfile(),
      getContact(input.contactId),
      loadServices(input),
      Promise.all(candidateYears(at).map(nextContractNumber)),
    ]);
    // The studio comes first: without it no contract can name both parties, whatever else is wrong.
    if (!profile) throw studioProfileMissing();
    const creditor = input.directDebit ? creditorOf(profile) : null;
    if (input.directDebit && !creditor) throw sepaCreditorMissing();
    // A restricted contact is kept for its old contracts only (Art. 18 GDPR): no new one may use it.
    if (!contact || contact.restricted) throw unknownContact();
    const items = copyItems(input, services);
    const studio = copyOfStudio(profile);
    const year = Number(todayOf({ studio }, at).slice(0, 4));
    const read = reservations.find((candidate) => candidate.year === year) ?? (await nextContractNumber(year));
    // Creates of this process wait in line for the number rather than race each other for it.
    const created = await claimInLine(read, async (first, seen) => {
      let reservation = first;
      // While only the number was taken by someone else (another process), the next one is tried
      // at once: the failed condition shows the counter, so no read is repeated.
      for (;;) {
        const built = buildContract(input, { at, studio, contact, items, reservation, createdBy, creditor });
        const writes = contractCreationWrites(built, contact, services, reservation);
        try {
          await write(writes, {
            result: built.created,
            change: { type: 'contract.created', id: built.contract.id, version: built.contract.version },
          });
          seen(reservation.sequence);
          return built.created;
        } catch (error) {
          if (!(error instanceof ConditionFailed) && !(error instanceof WriteContention)) throw error;
          const last = error instanceof ConditionFailed ? numberTakenUpTo(error) : undefined;
          if (last === undefined) return undefined;
          seen(last);
          if (Date.now() >= deadline) return undefined;
          reservation = reservationAfter(reservation.year, last);
        }
      }
    });
    if (created) return created;
    // The contact or a service changed since it was read, or transactions kept colliding:
    // read again and build the contract anew.
    await pause(Math.random() * Math.min(100, 10 * attempt));
  }
  throw new WriteContention();
};
