import { recordMapping } from '../../db/record-mapping.ts';
import { contractPartition } from '../keys.ts';
import { type Amendment, AmendmentRecord } from './amendment-schema.ts';

/*
 * Where an amendment lives (docs/architecture.md, "Access patterns"): in its contract's partition under
 * `CHANGE#0001`, right before the contract's own keys (`CHANGE#` < `CONTRACT`), so one Query from `CHANGE#` to
 * `CONTRACT#~` reads the contract with its amendments, while the reads that need the contract without them (its
 * dues, collections, account, mandates: all from `CONTRACT` on) never touch one. The k of `<number>-A<k>` is the
 * key a second offer of the same k cannot take. The image (`AMENDMENT_IMAGE#`) sorts before both.
 */

export const amendmentSortPrefix = 'CHANGE#';
const place = (sequence: number) => String(sequence).padStart(4, '0');

export const amendmentKey = (contractId: string, sequence: number) => ({
  pk: contractPartition(contractId),
  sk: `${amendmentSortPrefix}${place(sequence)}`,
});

/**
 * An amendment by its id alone (gsi1, one item per partition): its events name the amendment only, and the documents'
 * stream reader finds the contract from there (docs/amendments.md, "Das Dokument der Vereinbarung").
 */
export const amendmentLookupPartition = (amendmentId: string) => `AMENDMENT#${amendmentId}`;

export const amendmentSignatureImageKey = (contractId: string, sequence: number) => ({
  pk: contractPartition(contractId),
  sk: `AMENDMENT_IMAGE#${place(sequence)}`,
});

/** `<contract number>-A<k>`: the amendment's place among its contract's. */
export const amendmentNumber = (contractNumber: string, sequence: number) => `${contractNumber}-A${sequence}`;
export const amendmentSequenceOf = (number: string): number => Number(number.slice(number.lastIndexOf('-A') + 2));

const amendmentMapping = recordMapping(AmendmentRecord);
export const amendmentFromItem = amendmentMapping.fromItem;

export const amendmentItem = (amendment: Amendment) => ({
  ...amendmentKey(amendment.contractId, amendmentSequenceOf(amendment.number)),
  entity: 'amendment',
  gsi1pk: amendmentLookupPartition(amendment.id),
  gsi1sk: 'AMENDMENT',
  ...amendmentMapping.toItem(amendment),
});

export const amendmentSignatureImageItem = (
  amendment: Pick<Amendment, 'contractId' | 'number'>,
  image: { mediaType: 'image/png' | 'image/svg+xml'; bytes: Uint8Array },
) => ({
  ...amendmentSignatureImageKey(amendment.contractId, amendmentSequenceOf(amendment.number)),
  entity: 'amendmentSignatureImage',
  mediaType: image.mediaType,
  bytes: image.bytes,
});
