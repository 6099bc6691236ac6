import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { localSealer } from '#shared/signatures/local-sealer.ts';
import { useApi } from '../support/api.ts';
import { contractOfSepaStudio } from '../support/direct-debit.ts';
import { onePixelPng, signaturePng } from '../support/images.ts';
import { putStudioProfile, studioProfile } from '../support/studio.ts';
import { tableClient } from '../support/table.ts';

// Signing a contract's SEPA mandate, and a new mandate for a new account (docs/sepa.md).
const api = useApi();

const sepa = { creditorId: 'DE98ZZZ09999999999', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };
const directDebit = { accountHolder: 'Max Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
const newAccount = { accountHolder: 'Max Mustermann', iban: 'de02 1203 0000 0000 2020 51' };

const createContract = (extra: Record<string, unknown> = { directDebit }) => contractOfSepaStudio(api, sepa, extra);

const signMandate = (id: string, mandateHash: string, extra: Record<string, unknown> = {}) =>
  api.request('POST', `/api/contracts/${id}/mandate/signature`, {
    body: { signerName: 'Max Mustermann', mandateHash, signatureImage: signaturePng, consent: true, ...extra },
    headers: { 'user-agent': 'Tablet/1.0' },
  });

const eventsFor = async (type: string, contractId: string) =>
  (await api.request('GET', `/api/events?type=${type}&limit=100`, { as: 'owner' })).body.items.filter(
    (event: { data: { id: string } }) => event.data.id === contractId,
  );

describe('POST /api/contracts/:id/mandate/signature', () => {
  it('makes the mandate active with its evidence and a seal that verifies over its facts, and announces mandate.signed', async () => {
    const contract = await createContract();
    const { mandateHash } = contract.mandate;

    const response = await signMandate(contract.id, mandateHash);

    expect(response.status).toBe(201);
    const signature = response.body.signature;
    expect(response.body).toMatchObject({ status: 'active', signedAt: signature.signedAt, mandateHash });
    expect(response.body.text).toContain(contract.mandate.reference);
    expect(signature).toMatchObject({
      signerName: 'Max Mustermann',
      ipAddress: expect.any(String),
      userAgent: 'Tablet/1.0',
      imageSha256: createHash('sha256').update(onePixelPng).digest('hex'),
      seal: { algorithm: 'ECDSA_SHA_256', keyId: expect.stringMatching(/^local:/) },
    });
    const { seal, ...evidence } = signature;
    const facts = canonicalize({ contractId: contract.id, mandateHash, ...evidence }) as string;
    const sealer = localSealer(process.env.SEAL_KEY_DIR as string);
    expect(await sealer.verify(facts, seal)).toBe(true);
    expect(await sealer.verify(facts.replace('Max', 'Moritz'), seal)).toBe(false);
    const { text: _, ...stored } = response.body;
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandates`)).body.items).toEqual([stored]);
    const image = await tableClient().send(
      new GetCommand({
        TableName: process.env.TABLE_NAME,
        Key: { pk: `CONTRACT#${contract.id}`, sk: 'MANDATE_IMAGE#001' },
      }),
    );
    expect(Buffer.from(image.Item?.bytes as Uint8Array).equals(onePixelPng)).toBe(true);
    expect(await eventsFor('mandate.signed', contract.id)).toEqual([
      expect.objectContaining({ type: 'mandate.signed', data: { object: 'mandate', id: contract.id, version: 1 } }),
    ]);
  });

  it('is signed independently of the contract: the contract stays pending, and signs later as before', async () => {
    const contract = await createContract();

    expect((await signMandate(contract.id, contract.mandate.mandateHash)).status).toBe(201);
    const afterMandate = (await api.request('GET', `/api/contracts/${contract.id}`)).body;
    expect(afterMandate).toMatchObject({ status: 'pending', version: 1, mandate: { status: 'active' } });

    const signed = await api.request('POST', `/api/contracts/${contract.id}/signatures`, {
      body: {
        role: 'customer',
        signerName: 'Max',
        documentHash: contract.documentHash,
        signatureImage: signaturePng,
        consent: true,
      },
    });
    expect(signed.status).toBe(201);
    expect(signed.body.mandate.status).toBe('active');
    expect((await api.request('GET', `/api/contracts/${contract.id}/verification`)).body.valid).toBe(true);
  });

  it('refuses a wrong mandate hash (409 naming mandateHash) and a second signature (409), changing nothing', async () => {
    const contract = await createContract();

    const wrong = await signMandate(contract.id, `sha256:${'0'.repeat(64)}`);
    expect(wrong.status).toBe(409);
    expect(wrong.body.errors).toEqual([
      { path: 'mandateHash', message: `Das Mandat hat ${contract.mandate.mandateHash}` },
    ]);
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body.status).toBe('pending');

    const first = await signMandate(contract.id, contract.mandate.mandateHash);
    const second = await signMandate(contract.id, contract.mandate.mandateHash);
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe('Das Mandat ist bereits unterschrieben');
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body.signature).toEqual(
      first.body.signature,
    );
    expect(await eventsFor('mandate.signed', contract.id)).toHaveLength(1);
  });

  it('refuses a bad image with a 400 naming signatureImage, and a missing consent naming consent', async () => {
    const contract = await createContract();

    const badImage = await signMandate(contract.id, contract.mandate.mandateHash, {
      signatureImage: `data:image/png;base64,${Buffer.from('not a png').toString('base64')}`,
    });
    const noConsent = await signMandate(contract.id, contract.mandate.mandateHash, { consent: false });

    expect(badImage.status).toBe(400);
    expect(badImage.body.errors.map((error: { path: string }) => error.path)).toEqual(['signatureImage']);
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.errors.map((error: { path: string }) => error.path)).toEqual(['consent']);
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body.status).toBe('pending');
  });

  it('is 404 for a contract without a mandate, and 409 for a revoked one', async () => {
    const withoutMandate = await createContract({});
    const contract = await createContract();
    await api.request('POST', `/api/contracts/${contract.id}/mandate/revocation`, {
      body: { reason: 'Widerruf' },
      as: 'owner',
    });

    expect((await signMandate(withoutMandate.id, contract.mandate.mandateHash)).status).toBe(404);
    expect((await signMandate(contract.id, contract.mandate.mandateHash)).status).toBe(409);
  });
});

describe('POST /api/contracts/:id/mandates: a new mandate for a new account', () => {
  it('adds a pending mandate with the reference counted on; signing it makes the old one replaced, in one go', async () => {
    const contract = await createContract();
    await signMandate(contract.id, contract.mandate.mandateHash);

    const added = await api.request('POST', `/api/contracts/${contract.id}/mandates`, { body: newAccount });

    expect(added.status).toBe(201);
    expect(added.headers.get('location')).toBe(`/api/contracts/${contract.id}/mandate`);
    expect(added.body).toMatchObject({
      reference: `${contract.number}-2`,
      status: 'pending',
      iban: 'DE02120300000000202051',
      bic: null,
      signature: null,
    });
    expect(added.body.mandateHash).not.toBe(contract.mandate.mandateHash);
    const before = (await api.request('GET', `/api/contracts/${contract.id}/mandates`)).body.items;
    expect(before.map((mandate: { status: string }) => mandate.status)).toEqual(['active', 'pending']);
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body.reference).toBe(
      `${contract.number}-2`,
    );

    expect((await signMandate(contract.id, added.body.mandateHash)).status).toBe(201);

    const after = (await api.request('GET', `/api/contracts/${contract.id}/mandates`)).body.items;
    expect(after.map((mandate: { status: string }) => mandate.status)).toEqual(['replaced', 'active']);
    expect(after[0].signature).toEqual(before[0].signature);
    expect(await eventsFor('mandate.signed', contract.id)).toHaveLength(2);
  });

  it('refuses another while the current mandate is still pending (409), and takes one after a revocation', async () => {
    const contract = await createContract();

    const whilePending = await api.request('POST', `/api/contracts/${contract.id}/mandates`, { body: newAccount });
    expect(whilePending.status).toBe(409);
    expect(whilePending.body.detail).toContain(contract.mandate.reference);

    await api.request('POST', `/api/contracts/${contract.id}/mandate/revocation`, {
      body: { reason: 'Kontowechsel' },
      as: 'owner',
    });
    const afterRevocation = await api.request('POST', `/api/contracts/${contract.id}/mandates`, { body: newAccount });
    expect(afterRevocation.status).toBe(201);
    expect(afterRevocation.body.reference).toBe(`${contract.number}-2`);
  });

  it('gives a contract paid another way its first mandate, and refuses a bad IBAN with a 400 naming iban', async () => {
    const contract = await createContract({});

    const bad = await api.request('POST', `/api/contracts/${contract.id}/mandates`, {
      body: { ...newAccount, iban: 'DE03120300000000202051' },
    });
    const first = await api.request('POST', `/api/contracts/${contract.id}/mandates`, { body: newAccount });

    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { path: string }) => error.path)).toEqual(['iban']);
    expect(first.status).toBe(201);
    expect(first.body.reference).toBe(`${contract.number}-1`);
  });

  it('is 422 sepa-creditor-missing without the studio’s creditor data', async () => {
    const contract = await createContract();
    await putStudioProfile(api, { ...studioProfile, sepa: null });

    const response = await api.request('POST', `/api/contracts/${contract.id}/mandates`, { body: newAccount });

    expect(response.status).toBe(422);
    expect(response.body.type).toMatch(/\/sepa-creditor-missing$/);
    await putStudioProfile(api, { ...studioProfile, sepa });
  });
});
