import { beforeAll, expect } from 'vitest';
import type { TestApi } from './api.ts';

/** A studio profile as an owner would set it up: every field of the studio profile (docs/decisions.md, "Studio profile"). */
export const studioProfile = {
  legalName: 'Studio Mitte GmbH',
  address: { street: 'Torstraße 12', postalCode: '10119', city: 'Berlin', country: 'DE' },
  email: 'kontakt@studio-mitte.example',
  phone: '+49 30 1234567',
  website: 'https://studio-mitte.example',
  vatId: 'DE123456789',
  registerEntry: 'Amtsgericht Berlin-Charlottenburg HRB 12345',
  representedBy: 'Maria Beispiel (Geschäftsführerin)',
  timeZone: 'Europe/Berlin',
};

/** The studio as a SEPA creditor too: what a contract with `directDebit` needs (docs/sepa.md). */
export const studioProfileWithSepa = {
  ...studioProfile,
  sepa: { creditorId: 'DE98ZZZ09999999999', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
};

/** Sets (creates or replaces) the studio profile of this file's table, as the owner. */
export const putStudioProfile = async (api: TestApi, profile: Record<string, unknown> = studioProfile) => {
  const response = await api.request('PUT', '/api/studio', { body: profile });
  expect([200, 201]).toContain(response.status);
  return response.body;
};

/**
 * Contracts name the studio as a party, so none can be created before the
 * profile exists: this sets it before the file's tests (register it after `useApi()`).
 */
export const useStudioProfile = (api: TestApi, profile: Record<string, unknown> = studioProfile): void => {
  beforeAll(async () => {
    await putStudioProfile(api, profile);
  });
};
