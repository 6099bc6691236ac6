import { inParallel, queryAll } from '../../collections/query-all.ts';
import { getContact } from '../../contacts/store.ts';
import { debtCollectionPartition, handoverFromItem } from './entity.ts';
import type { Debtor, DebtorList } from './schema.ts';

/**
 * The accounts with a collection agency (docs/accounts.md, "Collection agency"): one Query of the sparse index that
 * holds exactly the open handovers, oldest first, then each debtor's contact as it is now (name, address, email).
 */
export const listDebtors = async (): Promise<DebtorList> => {
  const handovers = (
    await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': debtCollectionPartition },
    })
  ).map(handoverFromItem);
  const items = await inParallel(handovers, 8, async (handover): Promise<Debtor> => {
    const contact = await getContact(handover.contactId);
    return {
      contractId: handover.contractId,
      contractNumber: handover.contractNumber,
      handedOverOn: handover.handedOverOn,
      firstName: contact?.firstName ?? '',
      lastName: contact?.lastName ?? '',
      address: contact?.address ?? null,
      email: contact?.email ?? null,
      items: handover.items,
      total: handover.total,
    };
  });
  return { items };
};
