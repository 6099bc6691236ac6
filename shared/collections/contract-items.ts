import { todayIn } from '../contracts/dates.ts';
import { contractPartition } from '../contracts/keys.ts';
import type { Mandate } from '../contracts/mandates/mandate-schema.ts';
import { mandateAsOf } from '../contracts/mandates/mandate-status.ts';
import type { StoredMandate } from '../contracts/mandates/mandate-store.ts';
import type { StoredContract } from '../contracts/schema.ts';
import { NotFound } from '../db/errors.ts';
import { queryAll } from './query-all.ts';

/*
 * The contract and its mandates as their items hold them. Not through the contracts' record mappings: those
 * bring the contract schemas and their texts into the collections' bundles (docs/collections.md, "Bundles"),
 * and only the fields below are read. A field an older item lacks reads as null, as the mappings read it.
 */
export const contractOfItem = (item: Record<string, unknown>) =>
  ({
    ...item,
    termination: item.termination ?? null,
    withdrawal: item.withdrawal ?? null,
    // A contract made before amendments existed holds neither: nothing agreed.
    pauses: item.pauses ?? [],
    amendments: item.amendments ?? [],
  }) as unknown as StoredContract;
export const mandateOfItem = (item: Record<string, unknown>) =>
  ({
    ...item,
    bic: item.bic ?? null,
    signedAt: item.signedAt ?? null,
    lastCollectedOn: item.lastCollectedOn ?? null,
  }) as unknown as Mandate;

// The contract's sort keys from `CONTRACT` to its last mandate (`CONTRACT#MANDATE#…`; `~` sorts after the digits).
const afterTheLastMandate = 'CONTRACT#MANDATE#~';

/** The contract and its mandates as of today (an unused one may have expired), oldest first; `NotFound` without a contract. */
export const contractMandatesOf = async (
  contractId: string,
): Promise<{ contract: StoredContract; mandates: StoredMandate[] }> => {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :contract AND :end',
    ExpressionAttributeValues: {
      ':pk': contractPartition(contractId),
      ':contract': 'CONTRACT',
      ':end': afterTheLastMandate,
    },
    ConsistentRead: true,
  });
  const contractItem = items.find((item) => item.entity === 'contract');
  if (!contractItem) throw new NotFound('contract');
  const contract = contractOfItem(contractItem);
  const today = todayIn(contract.studio.timeZone);
  return {
    contract,
    mandates: items
      .filter((item) => item.entity === 'mandate')
      .map((item) => ({
        key: { pk: item.pk as string, sk: item.sk as string },
        mandate: mandateAsOf(mandateOfItem(item), contract.studio.timeZone, today),
      })),
  };
};
