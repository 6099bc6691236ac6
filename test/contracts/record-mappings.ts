import { amendmentFromItem, amendmentItem } from '#shared/contracts/amendments/amendment-entity.ts';
import { AmendmentRecord } from '#shared/contracts/amendments/amendment-schema.ts';
import { ContractCopyRecord } from '#shared/contracts/document/copy-schema.ts';
import {
  contractFromItem,
  contractItem,
  copyFromItem,
  copyItem,
  mandateFromItem,
  mandateItem,
  signatureFromItem,
  signatureItem,
} from '#shared/contracts/entity.ts';
import { MandateRecord } from '#shared/contracts/mandates/mandate-schema.ts';
import { StoredContractRecord } from '#shared/contracts/schema.ts';
import { SignatureRecord } from '#shared/contracts/signature-schema.ts';
import type { RecordMappingCase } from '../support/record-mapping-case.ts';

const contractId = '01JD0000000000000000000000';

export const recordMappings: readonly RecordMappingCase[] = [
  {
    name: 'ContractSummary',
    mappedAs: ['StoredContractRecord'],
    schema: StoredContractRecord,
    toItem: (record) => contractItem({ ...record, status: 'pending' } as never),
    fromItem: contractFromItem,
    pinned: { status: 'pending' },
  },
  {
    name: 'Signature',
    mappedAs: ['SignatureRecord'],
    schema: SignatureRecord,
    toItem: (record) => signatureItem(contractId, { ...record, role: 'customer' } as never),
    fromItem: signatureFromItem,
    pinned: { role: 'customer' },
  },
  {
    name: 'ContractCopy',
    mappedAs: ['ContractCopyRecord'],
    schema: ContractCopyRecord,
    toItem: (record) => copyItem(contractId, record as never),
    fromItem: copyFromItem,
  },
  {
    name: 'Mandate',
    mappedAs: ['MandateRecord'],
    schema: MandateRecord,
    toItem: (record) => mandateItem(contractId, 1, record as never),
    fromItem: mandateFromItem,
  },
  {
    name: 'Amendment',
    mappedAs: ['AmendmentRecord'],
    schema: AmendmentRecord,
    toItem: (record) => amendmentItem({ ...record, number: '2026-000001-A1' } as never),
    fromItem: amendmentFromItem,
    pinned: { number: '2026-000001-A1' },
  },
];
