import { getContact } from '../../contacts/store.ts';
import { type PageRequest, queryPage } from '../../db/query-page.ts';
import { inParallel } from '../../in-parallel.ts';
import { debtCollectionPartition, debtorListKey, handoverFromItem } from './entity.ts';
import type { Debtor, DebtorList } from './schema.ts';

/**
 * The default page (25) in one round trip, where eight at a time took three; never a page of 100 at once, which would
 * queue on the SDK's 50 sockets against the 1 s connection timeout (docs/performance.md, the SEPA crashes).
 */
const contactReadsAtOnce = 25;

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
  const items = await inParallel(page.items, contactReadsAtOnce, async (handover): Promise<Debtor> => {
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
  return { items, nextCursor: page.nextCursor };
};
