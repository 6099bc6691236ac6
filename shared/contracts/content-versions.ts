/*
 * What a contract's document hash covers, per version of the agreed content (docs/decisions.md, "Document
 * hash"). A hash is recomputed with the field list of the version its contract was made with, so a contract
 * created before a field was added still verifies: its item lacks the field, and the record mapping would
 * read it as null, which the hash never covered. Adding a field to the agreed content adds a version here;
 * the document's and decisions.md's lists are made from (or checked against) this one list.
 */

const firstContractFields = [
  'id',
  'number',
  'studio',
  'contactId',
  'contact',
  'items',
  'totals',
  'startDate',
  'minimumTermMonths',
  'renewal',
  'noticePeriod',
  'terms',
  'requireStudioSignature',
  'createdAt',
] as const;
const firstItemFields = ['serviceId', 'name', 'unitPrice', 'billingInterval', 'quantity', 'total'] as const;

export interface ContentVersion {
  /** The contract's fields the hash covers, top level. */
  contractFields: readonly string[];
  /** The fields of each of its items the hash covers. */
  itemFields: readonly string[];
}

export const contentVersions = {
  // Every contract made before `contentVersion` was recorded: its item has no such attribute.
  1: { contractFields: firstContractFields, itemFields: firstItemFields },
  // Price steps agreed at signing (issue 33); the version itself is covered, so it cannot be turned back unseen.
  2: {
    contractFields: [...firstContractFields, 'contentVersion'],
    itemFields: [...firstItemFields, 'priceSteps'],
  },
} as const satisfies Record<number, ContentVersion>;

export type ContentVersionNumber = keyof typeof contentVersions;
export const currentContentVersion = 2 satisfies ContentVersionNumber;

/** The version a stored contract (an item or a record) was made with: 1 when it records none. */
export const contentVersionOf = (contract: { contentVersion?: unknown }): ContentVersionNumber => {
  const version = contract.contentVersion ?? 1;
  if (!(typeof version === 'number' && version in contentVersions)) {
    // A version no code knows cannot be recomputed; the hash then cannot match (verification says invalid).
    return currentContentVersion;
  }
  return version as ContentVersionNumber;
};

const pick = (from: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.map((field) => [field, from[field] ?? null]));

/** Exactly the fields the hash of the contract's version covers, a missing one as null, as the response shows it. */
export const hashedContent = (contract: Record<string, unknown>): Record<string, unknown> => {
  const version: ContentVersion = contentVersions[contentVersionOf(contract)];
  const content = pick(contract, version.contractFields);
  const items = contract.items;
  if (Array.isArray(items)) {
    content.items = items.map((item) =>
      item !== null && typeof item === 'object' ? pick(item as Record<string, unknown>, version.itemFields) : item,
    );
  }
  return content;
};
