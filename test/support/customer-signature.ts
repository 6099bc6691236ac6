import { expect } from 'vitest';
import type { ApiResponse, TestApi } from './api.ts';
import { signaturePng } from './images.ts';

/** The customer's signature at the counter on a contract just created (staff's route), expected to be a 201. */
export const signAsCustomer = async (
  api: TestApi,
  created: { id: string; documentHash: string },
  signerName = 'Erika Mustermann',
): Promise<ApiResponse> => {
  const signed = await api.request('POST', `/api/contracts/${created.id}/signatures`, {
    body: {
      role: 'customer',
      signerName,
      documentHash: created.documentHash,
      signatureImage: signaturePng,
      consent: true,
    },
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(201);
  return signed;
};
