import { contactKey } from '../contacts/entity.ts';
import { getContact } from '../contacts/store.ts';
import { tableName } from '../db/client.ts';
import { ConditionFailed, WriteContention } from '../db/errors.ts';
import { type WriteItem, write } from '../db/write.ts';
import { newId } from '../http/ids.ts';
import { Problem } from '../http/problem.ts';
import { serviceKey } from '../services/entity.ts';
import type { Service } from '../services/schema.ts';
import { getService } from '../services/store.ts';
import { copyItems, copyOfContact, totalsByInterval } from './build-contract.ts';
import { claimContractNumber, nextContractNumber } from './contract-number.ts';
import { documentHash } from './document-hash.ts';
import { contractItem } from './entity.ts';
import type { Contract, ContractInput, ContractWithSignatures } from './schema.ts';

const unknownContact = () =>
  new Problem('unprocessable', 'Kontakt nicht gefunden', {
    errors: [{ path: 'contactId', message: 'Unbekannter Kontakt' }],
  });

const loadServices = async (input: ContractInput): Promise<Map<string, Service>> => {
  const ids = [...new Set(input.items.map((item) => item.serviceId))];
  const services = await Promise.all(ids.map((id) => getService(id)));
  return new Map(services.flatMap((service) => (service ? [[service.id, service] as const] : [])));
};

// Ten clerks creating contracts in the same second all race for the next
// number; each lost race costs one more round, so allow plenty of rounds.
const maxCreateAttempts = 30;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates a contract in one transaction: the contract with copies of the
 * contact and the services, the next gap-free number, checks that the contact
 * and every service are still exactly what was copied (and the services
 * active), and the mark on the contact that keeps it from being deleted.
 */
export const createContract = async (input: ContractInput, createdBy: string): Promise<ContractWithSignatures> => {
  for (let attempt = 1; attempt <= maxCreateAttempts; attempt++) {
    const now = new Date();
    // The counter depends on neither the contact nor the services: one round trip for all three.
    const [contact, services, reservation] = await Promise.all([
      getContact(input.contactId),
      loadServices(input),
      nextContractNumber(now),
    ]);
    if (!contact) throw unknownContact();
    const items = copyItems(input, services);
    const createdAt = now.toISOString();
    const content = {
      id: newId(),
      number: reservation.number,
      contactId: contact.id,
      contact: copyOfContact(contact),
      items,
      totals: totalsByInterval(items),
      startDate: input.startDate,
      endDate: input.endDate,
      minimumTermMonths: input.minimumTermMonths,
      noticePeriodDays: input.noticePeriodDays,
      terms: input.terms,
      requireStudioSignature: input.requireStudioSignature,
      createdAt,
    };
    const contract: Contract = {
      ...content,
      status: 'pending',
      documentHash: documentHash(content),
      createdBy,
      cancelledAt: null,
      cancellationReason: null,
      cancelledBy: null,
      updatedAt: createdAt,
      version: 1,
    };
    const writes: WriteItem[] = [
      claimContractNumber(reservation),
      {
        Put: {
          TableName: tableName(),
          Item: contractItem(contract),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: contactKey(contact.id),
          UpdateExpression: 'SET hasContracts = :true',
          ConditionExpression: '#version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':true': true, ':version': contact.version },
        },
      },
      ...[...services.values()].map(
        (service): WriteItem => ({
          ConditionCheck: {
            TableName: tableName(),
            Key: serviceKey(service.id),
            ConditionExpression: '#version = :version AND active = :true',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': service.version, ':true': true },
          },
        }),
      ),
    ];
    try {
      const created: ContractWithSignatures = { ...contract, signatures: [] };
      await write(writes, { result: created });
      return created;
    } catch (error) {
      if (!(error instanceof ConditionFailed) && !(error instanceof WriteContention)) throw error;
      // Someone took the number, or the contact or a service changed since
      // it was read: read again and build the contract from the new state.
      await pause(Math.random() * 10 * attempt);
    }
  }
  throw new WriteContention();
};
