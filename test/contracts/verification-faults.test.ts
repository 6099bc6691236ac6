import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureItem } from '#shared/contracts/entity.ts';
import { sealAlgorithm } from '#shared/signatures/sealer.ts';
import { unique, useApi } from '../support/api.ts';
import { type FaultyDynamoDb, startFaultyDynamoDb } from '../support/faulty-dynamodb.ts';
import { useStudioProfile } from '../support/studio.ts';
import { tableClient } from '../support/table.ts';

const api = useApi();
let keyService: FaultyDynamoDb;

// Before the first request loads any handler: seals are checked with a KMS key whose service drops every connection.
beforeAll(async () => {
  keyService = await startFaultyDynamoDb();
  keyService.fault = 'drop-connection';
  process.env.SEAL_KMS_KEY_ARN = 'arn:aws:kms:eu-central-1:111122223333:key/00000000-0000-4000-8000-000000000000';
  process.env.AWS_ENDPOINT_URL_KMS = keyService.url;
});
afterAll(() => keyService.close());
// Contracts name the studio as a party: none can be created before its profile exists.
useStudioProfile(api);

const created = async (path: string, body: unknown) => {
  const response = await api.request('POST', path, { body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

describe('verification when the key service is in trouble', () => {
  it('answers 503 with Retry-After, never valid: false, when the key service cannot be reached', async () => {
    const contact = await created('/api/contacts', { firstName: 'Kim', lastName: unique('Kms') });
    const service = await created('/api/services', { name: unique('Yoga '), price: { amount: 100, currency: 'EUR' } });
    const contract = await created('/api/contracts', {
      contactId: contact.id,
      items: [{ serviceId: service.id }],
      startDate: '2026-12-01',
    });
    // A signature as the sign function stores it; its seal can only be checked by the key service.
    await tableClient().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME,
        Item: signatureItem(contract.id, {
          id: '01JD0000000000000000000001',
          role: 'customer',
          signerName: 'Kim Kms',
          documentHash: contract.documentHash,
          signedAt: new Date().toISOString(),
          ipAddress: '127.0.0.1',
          userAgent: 'test',
          imageSha256: '0'.repeat(64),
          seal: { algorithm: sealAlgorithm, keyId: 'kms-key', value: 'AAAA' },
        }),
      }),
    );

    const response = await api.request('GET', `/api/contracts/${contract.id}/verification`);

    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body.type).toBe('https://studio.example/problems/service-unavailable');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(keyService.requests).toBeGreaterThan(0);
  });
});
