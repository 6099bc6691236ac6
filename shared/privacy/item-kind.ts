/*
 * The personal-data inventory (Art. 30 GDPR, the record of processing): what each kind of item in the table
 * holds, why and for how long. Every kind the code writes is listed beside its entity
 * (`shared/<area>/personal-data.ts`), and test/privacy/inventory.test.ts fails for an item whose kind is not.
 * The export, the erasure and the README's data inventory read these item kinds; nothing lists them a second time.
 */

/**
 * Where a person's items of one kind are found, starting from the contact: every place is read with a
 * GetItem or a Query, never a scan.
 * - `contact`: the contact's own partition (`CONTACT#<id>`);
 * - `email`: the claim on the contact's email address;
 * - `contract`: the partition of each of the contact's contracts (`CONTRACT#<id>`, found on gsi2);
 * - `signing`: the signing-session pointers of each of its contracts (`SIGNING_SESSIONS#<id>`);
 * - `events`: the outbox events about the contact and about each of its contracts;
 * - `collection`: the debits of the contracts' collected dues (`DEBIT#<due id>` in the due's collection);
 * - `declarations`: the public declarations giving the contact's email (gsi2 `DECLARATIONS#EMAIL#<email>`) or
 *   matched to one of its contracts (gsi4 `CONTRACT#<id>#DECLARATIONS`): the person's only, never the studio's list;
 * - `nowhere`: not reachable from a contact (`because` says why, and how the item goes).
 */
export type Reach =
  | { readonly from: 'contact' | 'email' | 'contract' | 'signing' | 'events' | 'collection' | 'declarations' }
  | { readonly from: 'nowhere'; readonly because: string };

export type PlaceOfItems = Exclude<Reach['from'], 'nowhere'>;

export interface ItemKind {
  /** The item's `entity` attribute. */
  readonly entity: string;
  /** True when the item holds data about a person (names, contact details, bank account, signature, IP address). */
  readonly personalData: boolean;
  /** The export's section for the kind: items of several kinds may share one. */
  readonly category: string;
  /** What the studio keeps it for, and on which legal basis. */
  readonly purpose: string;
  /** How long it is kept, and what ends it. */
  readonly retention: string;
  readonly reach: Reach;
}

/** An area's part of the inventory: one item kind per kind of item it writes. */
export type AreaItemKinds = readonly ItemKind[];
