import { getContact } from '../../contacts/store.ts';
import { type PageRequest, queryPage } from '../../db/query-page.ts';
import { debtCollectionPartition, debtorListKey, handoverFromItem } from './entity.ts';
import type { Debtor, DebtorList } from './schema.ts';

/**
 * The accounts with a collection agency (docs/accounts.md, "Collection agency"), one page at a time: one Query of the
 * sparse index that holds exactly the open handovers, oldest first, then each debtor's contact as it is now (name,
 * address, email).
 */
export const listDebtors = async (request: PageRequest): Promise<DebtorList> => {
  const page = await queryPage({
    ...request,
    index: 'gsi1',
    partition: debtCollectionPartition,
    itemKey: debtorListKey,
    toRecord: handoverFromItem,
  });
  // All of the page's contacts at once (a page holds at most 100): GetItems, as every read of ours, not a BatchGetItem
  // that the functions' IAM policies do not grant; eight at a time took two or more round trips per page.
  const items = await Promise.all(
    page.items.map(async (handover): Promise<Debtor> => {
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
    }),
  );
  return { items, nextCursor: page.nextCursor };
};
