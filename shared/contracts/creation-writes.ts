import type { Contact } from '../contacts/schema.ts';
import { hasContractsMark } from '../contacts/store.ts';
import { tableName } from '../db/client.ts';
import type { ConditionFailed } from '../db/errors.ts';
import { putNew, type WriteItem } from '../db/write.ts';
import type { Service } from '../services/schema.ts';
import { unchangedActiveService } from '../services/store.ts';
import type { NumberReservation } from './contract-number.ts';
import { contractItem, contractNumberCounterKey, mandateItem } from './entity.ts';
import type { Mandate } from './mandates/mandate-schema.ts';
import type { StoredContract } from './schema.ts';

/*
 * The writes of a new contract. Apart from writes.ts because they reach into
 * the contact's and the services' stores: the functions that only sign, cancel
 * or terminate would otherwise carry those modules (and their bundles have
 * little room, test/infra/bundle-size.test.ts).
 */

/** Moves the counter to the reserved number, failing if another contract took it first. */
const numberClaim = ({ year, sequence }: NumberReservation): WriteItem => ({
  Update: {
    TableName: tableName(),
    Key: contractNumberCounterKey(year),
    UpdateExpression: 'SET #last = :sequence, #entity = :entity',
    ConditionExpression: sequence === 1 ? 'attribute_not_exists(pk)' : '#last = :previous',
    ExpressionAttributeNames: { '#last': 'last', '#entity': 'entity' },
    ExpressionAttributeValues: {
      ':sequence': sequence,
      ':entity': 'contractNumberCounter',
      ...(sequence === 1 ? {} : { ':previous': sequence - 1 }),
    },
    // A lost race shows the counter as it is now, so the next number is tried without reading it again.
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  },
});

/**
 * A new contract: its number, the contract and its first SEPA mandate (when it has a direct debit),
 * the mark on the contact that keeps it from being deleted, and the checks that the contact and
 * every service are still exactly what was copied (and the services active). The number's claim
 * comes first: `numberTakenUpTo` reads its failure by that place.
 */
export const contractCreationWrites = (
  { contract, mandate }: { contract: StoredContract; mandate: Mandate | null },
  contact: Contact,
  services: ReadonlyMap<string, Service>,
  reservation: NumberReservation,
): WriteItem[] => [
  numberClaim(reservation),
  putNew(contractItem(contract)),
  ...(mandate ? [putNew(mandateItem(contract.id, 1, mandate))] : []),
  hasContractsMark(contact),
  ...[...services.values()].map(unchangedActiveService),
];

/**
 * The counter's last number, when a create failed only because another
 * contract took its number first; undefined for any other failure.
 */
export const numberTakenUpTo = (failure: ConditionFailed): number | undefined => {
  const onlyTheNumber = failure.failed.every((item, index) => item.failed === (index === 0));
  if (!onlyTheNumber) return undefined;
  // No counter item: no number of the year is taken yet (a guess past 1 fails on a missing item too).
  const last = failure.itemAt(0)?.last ?? 0;
  return typeof last === 'number' ? last : undefined;
};
