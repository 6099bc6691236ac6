import { contractPartition } from '../contracts/keys.ts';
import { recordMapping } from '../db/record-mapping.ts';
import { entryKey } from './keys.ts';
import { type Entry, EntryRecord } from './schema.ts';

/*
 * Where the ledger lives (docs/accounts.md, "Items"): each entry an item of its own in the contract's partition,
 * `ENTRY#<entry id>`, written once (`attribute_not_exists`) and never changed; the summary (`account`) and the
 * count of entries booked (`accountSequence`) on the contract's item, set in the same transaction as the entries
 * on condition that the count is still what was read. So the summary is the sum of the entries, whatever races.
 */
/** The contract's own item, which carries the summary. */
export const contractKey = (id: string) => ({ pk: contractPartition(id), sk: 'CONTRACT' });
export { entryKey, entrySortPrefix } from './keys.ts';
/** The attribute of the contract's item that counts the entries booked: the summary's version. */
export const sequenceAttribute = 'accountSequence';

const entryMapping = recordMapping(EntryRecord);
export const entryFromItem = entryMapping.fromItem;

/** An entry as stored, with its place in the order of booking (`sequence`, 1 for the account's first). */
export const entryItem = (contractId: string, entry: Entry, sequence: number) => ({
  ...entryKey(contractId, entry.id),
  entity: 'accountEntry',
  contractId,
  sequence,
  ...entryMapping.toItem(entry),
});
