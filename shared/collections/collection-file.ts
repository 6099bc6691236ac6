import { Problem } from '../http/problem.ts';
import type { Reply } from '../http/reply.ts';
import { pain008 } from '../sepa/pain008.ts';
import { debitsOf, getExistingCollection } from './store.ts';
import { collectionTexts } from './texts.ts';

/**
 * The pain.008.001.08 file of a collection, rebuilt on every download from what was stored when it was
 * made (its debits and its creditor): the same collection always gives the same debits, whatever
 * changed in the contracts, mandates or the studio since. A `building` one has no file yet (409).
 */
export const collectionFile = async (id: string): Promise<Reply> => {
  const collection = await getExistingCollection(id);
  if (collection.status !== 'created') throw new Problem('conflict', collectionTexts.localized('stillBuilding'));
  const debits = (await debitsOf(id)).sort((a, b) => a.dueId.localeCompare(b.dueId));
  const xml = pain008({
    messageId: collection.id,
    createdAt: new Date(collection.createdAt),
    collectionDate: collection.collectionDate,
    creditor: collection.creditor,
    debits: debits.map((debit) => ({
      endToEndId: debit.dueId,
      amount: debit.amount.amount,
      sequenceType: debit.sequenceType,
      mandate: { reference: debit.mandateReference, signedOn: debit.mandateSignedOn },
      debtor: { name: debit.accountHolder, iban: debit.iban, bic: debit.bic },
      remittance: debit.remittance,
    })),
  });
  return {
    status: 200,
    raw: { contentType: 'application/xml; charset=utf-8', content: xml },
    headers: {
      'content-disposition': `attachment; filename="Lastschriften-${collection.collectionDate}.xml"`,
    },
  };
};
