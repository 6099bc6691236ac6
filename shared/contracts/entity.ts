import { itemId, type KeyShape, keyPattern } from '../db/key-shape.ts';
import { recordMapping } from '../db/record-mapping.ts';
import { type ContractCopy, ContractCopyRecord } from './document/copy-schema.ts';
import { contractPartition, contractSortPrefix, contractStatusPartition, contractsOfContactPartition } from './keys.ts';
import { type Mandate, MandateRecord } from './mandates/mandate-schema.ts';
import { type ContractStatus, type StoredContract, StoredContractRecord } from './schema.ts';
import { type Signature, SignatureRecord, type SignerRole } from './signature-schema.ts';

/**
 * Where a contract lives in the table and how it is stored (see docs/architecture.md,
 * "Access patterns"). A contract and its signatures share one partition; their
 * sort keys share the prefix `CONTRACT`, so one Query reads the contract with
 * its signatures and leaves the (larger) signature images out.
 */
export { contractPartition, contractSortPrefix, contractStatusPartition };
export const contractKey = (id: string) => ({ pk: contractPartition(id), sk: 'CONTRACT' });
export const signatureKey = (id: string, role: SignerRole) => ({
  pk: contractPartition(id),
  sk: `CONTRACT#SIGNATURE#${role}`,
});
export const copyKey = (id: string, copyId: string) => ({ pk: contractPartition(id), sk: `CONTRACT#COPY#${copyId}` });
/**
 * A contract's mandates sort by their number (`CONTRACT#MANDATE#001`, the n of the reference), so the
 * contract's Query reads them oldest first and a replacement mandate takes the next key.
 */
export const mandateSortPrefix = 'CONTRACT#MANDATE#';
export const mandateKey = (id: string, sequence: number) => ({
  pk: contractPartition(id),
  sk: `${mandateSortPrefix}${String(sequence).padStart(3, '0')}`,
});
/**
 * A mandate's signature image, apart from the contract's Query and from the contract's images
 * (`IMAGE#<role>`): `MANDATE_IMAGE#001` for `CONTRACT#MANDATE#001`.
 */
export const mandateSignatureImageKey = (mandate: { pk: string; sk: string }) => ({
  pk: mandate.pk,
  sk: `MANDATE_IMAGE#${mandate.sk.slice(mandateSortPrefix.length)}`,
});
/** Images sort apart from the contract (`IMAGE#<role>`): a Query for the contract never reads their bytes. */
export const signatureImageSortPrefix = 'IMAGE#';
export const signatureImageKey = (id: string, role: SignerRole) => ({
  pk: contractPartition(id),
  sk: `${signatureImageSortPrefix}${role}`,
});

/**
 * Gap-free contract numbers: one counter item per calendar year (see `contract-number.ts`).
 */
export const contractNumberCounterKey = (year: number) => ({ pk: `CONTRACT_NUMBER#${year}`, sk: 'COUNTER' });

/** Newest first by id (a ULID): all contracts (gsi1), a contact's (gsi2), by status (gsi3). */
export const contractListPartition = 'CONTRACTS';
export { contractsOfContactPartition } from './keys.ts';
/** A contract's key as the three lists read it: a signature's or a copy's is not one. */
export const contractListKey: KeyShape = {
  pk: keyPattern('CONTRACT#', itemId),
  sk: keyPattern('CONTRACT'),
  indexSort: keyPattern(itemId),
};

// Computed dates are left out: they are read-time answers, never stored.
const contractMapping = recordMapping(StoredContractRecord);
const signatureMapping = recordMapping(SignatureRecord);
const copyMapping = recordMapping(ContractCopyRecord);
const mandateMapping = recordMapping(MandateRecord);

export const contractFromItem = contractMapping.fromItem;
export const signatureFromItem = signatureMapping.fromItem;
export const copyFromItem = copyMapping.fromItem;
export const mandateFromItem = mandateMapping.fromItem;

/**
 * A contract as responses and the dues read it: one made before a field existed gets that field's meaning of
 * "none" (content version 1, no price steps, no pauses, no amendments). Never written back as such: the hash of
 * its version covers what is stored (content-versions.ts).
 */
export const withContentDefaults = <C extends StoredContract>(contract: C): C => ({
  ...contract,
  contentVersion: contract.contentVersion ?? 1,
  items: contract.items.map((item) => ({ ...item, priceSteps: item.priceSteps ?? [] })),
  pauses: contract.pauses ?? [],
  amendments: contract.amendments ?? [],
});

/** The attribute that moves a contract between the status lists. */
export const contractStatusIndex = (status: ContractStatus) => ({ gsi3pk: contractStatusPartition(status) });

export const contractItem = (contract: StoredContract) => ({
  ...contractKey(contract.id),
  entity: 'contract',
  gsi1pk: contractListPartition,
  gsi1sk: contract.id,
  gsi2pk: contractsOfContactPartition(contract.contactId),
  gsi2sk: contract.id,
  ...contractStatusIndex(contract.status),
  gsi3sk: contract.id,
  ...contractMapping.toItem(contract),
});

export const signatureItem = (contractId: string, signature: Signature) => ({
  ...signatureKey(contractId, signature.role),
  entity: 'signature',
  ...signatureMapping.toItem(signature),
});

export const copyItem = (contractId: string, copy: ContractCopy) => ({
  ...copyKey(contractId, copy.id),
  entity: 'contractCopy',
  ...copyMapping.toItem(copy),
});

export const mandateItem = (contractId: string, sequence: number, mandate: Mandate) => ({
  ...mandateKey(contractId, sequence),
  entity: 'mandate',
  ...mandateMapping.toItem(mandate),
});

/** A signature's image as it was checked when signed; kept beside the contract, outside the contract's Query. */
export interface StoredSignatureImage {
  role: SignerRole;
  mediaType: 'image/png' | 'image/svg+xml';
  bytes: Uint8Array;
}

export const signatureImageItem = (contractId: string, image: StoredSignatureImage) => ({
  ...signatureImageKey(contractId, image.role),
  entity: 'signatureImage',
  mediaType: image.mediaType,
  bytes: image.bytes,
});

export const mandateSignatureImageItem = (
  mandate: { pk: string; sk: string },
  image: Omit<StoredSignatureImage, 'role'>,
) => ({
  ...mandateSignatureImageKey(mandate),
  entity: 'mandateSignatureImage',
  mediaType: image.mediaType,
  bytes: image.bytes,
});

export const signatureImageFromItem = (item: Record<string, unknown>): StoredSignatureImage => ({
  role: (item.sk as string).slice(signatureImageSortPrefix.length) as SignerRole,
  mediaType: item.mediaType as StoredSignatureImage['mediaType'],
  bytes: item.bytes as Uint8Array,
});
