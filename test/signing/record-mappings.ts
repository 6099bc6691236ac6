import { signingSessionFromItem, signingSessionItem } from '#shared/signing/entity.ts';
import { StoredSigningSessionRecord } from '#shared/signing/schema.ts';
import type { RecordMappingCase } from '../support/record-mapping-case.ts';

export const recordMappings: readonly RecordMappingCase[] = [
  {
    name: 'SigningSession',
    mappedAs: ['StoredSigningSessionRecord'],
    schema: StoredSigningSessionRecord,
    toItem: (record) => signingSessionItem('token hash', record as never),
    fromItem: signingSessionFromItem,
    // A new session is never signed yet; its answer is its own shape, with the token.
    pinned: { signedAt: null },
    storedOnly: true,
  },
];
