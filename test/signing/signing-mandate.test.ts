import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { localSealer } from '#shared/signatures/local-sealer.ts';
import { type ApiResponse, useApi } from '../support/api.ts';
import { contractOfSepaStudio } from '../support/direct-debit.ts';
import { signaturePng } from '../support/images.ts';
import { tableClient } from '../support/table.ts';

// The SEPA mandate as the second step of a customer's signing session (docs/sepa.md, "The tablet's mandate step").
const api = useApi();

const sepa = { creditorId: 'DE98ZZZ09999999999', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };
const directDebit = { accountHolder: 'Max Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };

const createContract = (extra: Record<string, unknown> = { directDebit }) => contractOfSepaStudio(api, sepa, extra);

const openSession = async (contractId: string, body: Record<string, unknown> = {}) => {
  const response = await api.request('POST', `/api/contracts/${contractId}/signing-sessions`, { body });
  expect(response.status).toBe(201);
  return new URL(response.body.url).hash.slice(1);
};

const asSigner = (token: string) => ({ as: null, headers: { authorization: `Signing ${token}` } });

const signature = { signerName: 'Max Mustermann', signatureImage: signaturePng, consent: true };

const signContract = (token: string, documentHash: string) =>
  api.request('POST', '/api/signing', { ...asSigner(token), body: { ...signature, documentHash } });

const signMandate = (token: string, body: Record<string, unknown>) =>
  api.request('POST', '/api/signing/mandate', {
    as: null,
    body: { ...signature, ...body },
    headers: { authorization: `Signing ${token}`, 'user-agent': 'Tablet am Tresen/1.0' },
  });

/** When the session's token was spent, as the table holds it (absent while it is open). */
const tokenSpentAt = async (token: string): Promise<unknown> => {
  const hash = createHash('sha256').update(token).digest('hex');
  const { Item } = await tableClient().send(
    new GetCommand({
      TableName: process.env.TABLE_NAME,
      Key: { pk: `SIGNING_SESSION#${hash}`, sk: 'SIGNING_SESSION' },
      ConsistentRead: true,
    }),
  );
  return Item?.signedAt;
};

const expectInvalidToken = (response: ApiResponse) => {
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toBe('Signing');
};

const fieldsOf = (response: ApiResponse) => response.body.errors?.map((error: { path: string }) => error.path);

describe('GET /api/signing with a pending mandate', () => {
  it('answers the mandate after the contract: the text of GET …/mandate, reference, hash, account and creditor', async () => {
    const contract = await createContract();
    const token = await openSession(contract.id);

    const view = await api.request('GET', '/api/signing', asSigner(token));

    const mandate = (await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body;
    expect(view.status).toBe(200);
    expect(view.body.contractSigned).toBe(false);
    expect(view.body.mandate).toEqual({
      text: mandate.text,
      reference: mandate.reference,
      mandateHash: mandate.mandateHash,
      accountHolder: 'Max Mustermann',
      iban: 'DE89370400440532013000',
      creditor: { name: mandate.creditor.name, creditorId: 'DE98ZZZ09999999999' },
    });
    expect(view.body.mandate.text).toContain(`Mandatsreferenz ${mandate.reference}`);
  });

  it('answers null without a pending mandate: no direct debit, a signed mandate, or a studio session', async () => {
    const plain = await createContract({});
    const signedAlready = await createContract();
    const staffSigned = await api.request('POST', `/api/contracts/${signedAlready.id}/mandate/signature`, {
      body: { ...signature, mandateHash: signedAlready.mandate.mandateHash },
    });
    const forStudio = await createContract({ directDebit, requireStudioSignature: true });

    const views = await Promise.all(
      [
        await openSession(plain.id),
        await openSession(signedAlready.id),
        await openSession(forStudio.id, { role: 'studio' }),
      ].map((token) => api.request('GET', '/api/signing', asSigner(token))),
    );

    expect(staffSigned.status).toBe(201);
    expect(views.map((view) => [view.status, view.body.mandate])).toEqual([
      [200, null],
      [200, null],
      [200, null],
    ]);
  });
});

describe('POST /api/signing/mandate', () => {
  it('signs the mandate as …/mandate/signature does, after the contract, and only then spends the token', async () => {
    const contract = await createContract();
    const token = await openSession(contract.id);
    const { mandateHash } = contract.mandate;

    const contractStep = await signContract(token, contract.documentHash);
    const afterContract = {
      spentAt: await tokenSpentAt(token),
      view: await api.request('GET', '/api/signing', asSigner(token)),
    };
    const copyTooEarly = await api.request('GET', '/api/signing/document', asSigner(token));
    const mandateStep = await signMandate(token, { mandateHash });

    expect(contractStep.status).toBe(201);
    expect(contractStep.body.status).toBe('signed');
    expect(afterContract.spentAt).toBeUndefined();
    expect(afterContract.view.body).toMatchObject({ contractSigned: true, mandate: { mandateHash } });
    expectInvalidToken(copyTooEarly);
    expect(mandateStep.status).toBe(201);
    expect(mandateStep.body).toMatchObject({ status: 'active', mandateHash, reference: contract.mandate.reference });
    expect(mandateStep.body.text).toBe(afterContract.view.body.mandate.text);
    const { seal, ...evidence } = mandateStep.body.signature;
    expect(evidence).toMatchObject({
      signerName: 'Max Mustermann',
      ipAddress: '127.0.0.1',
      userAgent: 'Tablet am Tresen/1.0',
      imageSha256: createHash('sha256')
        .update(Buffer.from(signaturePng.split(',')[1] ?? '', 'base64'))
        .digest('hex'),
    });
    const facts = canonicalize({ contractId: contract.id, mandateHash, ...evidence }) as string;
    expect(await localSealer(process.env.SEAL_KEY_DIR as string).verify(facts, seal)).toBe(true);
    const stored = await api.request('GET', `/api/contracts/${contract.id}/mandate`);
    expect(stored.body).toMatchObject({ status: 'active', signedAt: evidence.signedAt });
    const events = await api.request('GET', '/api/events?type=mandate.signed&limit=100', { as: 'owner' });
    expect(events.body.items.filter((event: { data: { id: string } }) => event.data.id === contract.id)).toHaveLength(
      1,
    );
    expect(await tokenSpentAt(token)).toEqual(expect.any(String));
    // Spent: the steps and the view are closed, the copy is open.
    expectInvalidToken(await signMandate(token, { mandateHash }));
    expectInvalidToken(await api.request('GET', '/api/signing', asSigner(token)));
    const copy = await api.request('GET', '/api/signing/document', asSigner(token));
    expect(copy.status).toBe(200);
    expect(copy.text.startsWith('%PDF-')).toBe(true);
  }, 60_000);

  it('refuses the mandate before the contract with 409, and spends nothing', async () => {
    const contract = await createContract();
    const token = await openSession(contract.id);

    const early = await signMandate(token, { mandateHash: contract.mandate.mandateHash });

    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('Bitte unterschreiben Sie zuerst den Vertrag, danach das Mandat');
    expect(await tokenSpentAt(token)).toBeUndefined();
    expect((await api.request('GET', `/api/contracts/${contract.id}/mandate`)).body.status).toBe('pending');
    expect((await signContract(token, contract.documentHash)).status).toBe(201);
    expect((await signMandate(token, { mandateHash: contract.mandate.mandateHash })).status).toBe(201);
  });

  it('answers 400 naming the field and 409 for another hash or a mandate signed meanwhile, leaving the token open', async () => {
    const contract = await createContract();
    const token = await openSession(contract.id);
    const { mandateHash } = contract.mandate;
    await signContract(token, contract.documentHash);

    const missing = await api.request('POST', '/api/signing/mandate', { ...asSigner(token), body: {} });
    const noConsent = await signMandate(token, { mandateHash, consent: false });
    const badImage = await signMandate(token, { mandateHash, signatureImage: 'data:image/png;base64,aGVsbG8=' });
    const badHash = await signMandate(token, { mandateHash: 'sha256:abc' });
    const otherHash = await signMandate(token, { mandateHash: `sha256:${'a'.repeat(64)}` });
    const spentAfterRefusals = await tokenSpentAt(token);
    const staffSigned = await api.request('POST', `/api/contracts/${contract.id}/mandate/signature`, {
      body: { ...signature, mandateHash },
    });
    const signedMeanwhile = await signMandate(token, { mandateHash });

    expect(missing.status).toBe(400);
    expect(fieldsOf(missing)).toEqual(
      expect.arrayContaining(['signerName', 'signatureImage', 'consent', 'mandateHash']),
    );
    expect([noConsent.status, fieldsOf(noConsent)]).toEqual([400, ['consent']]);
    expect([badImage.status, fieldsOf(badImage)]).toEqual([400, ['signatureImage']]);
    expect([badHash.status, fieldsOf(badHash)]).toEqual([400, ['mandateHash']]);
    expect([otherHash.status, fieldsOf(otherHash)]).toEqual([409, ['mandateHash']]);
    expect(otherHash.body.detail).toBe('Der Mandats-Hash entspricht nicht dem Mandat');
    expect(spentAfterRefusals).toBeUndefined();
    expect(staffSigned.status).toBe(201);
    expect(signedMeanwhile.status).toBe(409);
    expect(signedMeanwhile.body.detail).toBe('Das Mandat ist bereits unterschrieben');
    expect(await tokenSpentAt(token)).toBeUndefined();
  });

  it('answers 409 in a session without a mandate, whose contract signature spent the token as before', async () => {
    const plain = await createContract({});
    const token = await openSession(plain.id);

    const refused = await signMandate(token, { mandateHash: `sha256:${'0'.repeat(64)}` });
    const contractStep = await signContract(token, plain.documentHash);

    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Zu diesem Link gehört kein SEPA-Lastschriftmandat zum Unterschreiben');
    expect(contractStep.status).toBe(201);
    expect(await tokenSpentAt(token)).toEqual(expect.any(String));
    expectInvalidToken(await signMandate(token, { mandateHash: `sha256:${'0'.repeat(64)}` }));
  });

  it('answers a retry under the same Idempotency-Key with the first response, though the token is spent', async () => {
    const contract = await createContract();
    const token = await openSession(contract.id);
    await signContract(token, contract.documentHash);
    const retry = { 'idempotency-key': 'mandate-step-1' };
    const send = () =>
      api.request('POST', '/api/signing/mandate', {
        as: null,
        body: { ...signature, mandateHash: contract.mandate.mandateHash },
        headers: { authorization: `Signing ${token}`, ...retry },
      });

    const first = await send();
    const second = await send();

    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const events = await api.request('GET', '/api/events?type=mandate.signed&limit=100', { as: 'owner' });
    expect(events.body.items.filter((event: { data: { id: string } }) => event.data.id === contract.id)).toHaveLength(
      1,
    );
  });

  it('answers 401 for a missing, bearer or unknown token', async () => {
    const unknown = Buffer.alloc(32, 9).toString('base64url');
    const body = { ...signature, mandateHash: `sha256:${'0'.repeat(64)}` };

    const answers = await Promise.all([
      api.request('POST', '/api/signing/mandate', { as: null, body }),
      api.request('POST', '/api/signing/mandate', { as: 'owner', body }),
      api.request('POST', '/api/signing/mandate', { ...asSigner(unknown), body }),
    ]);

    for (const answer of answers) expectInvalidToken(answer);
  });
});
