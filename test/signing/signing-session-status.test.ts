import { describe, expect, it } from 'vitest';
import { type ApiResponse, useApi } from '../support/api.ts';
import { useClock } from '../support/clock.ts';
import { contractOfSepaStudio } from '../support/direct-debit.ts';
import { signaturePng } from '../support/images.ts';

// What staff see of a signing session after opening it: the session its 201's Location names, never its link.
const api = useApi();
const clock = useClock();

const sepa = { creditorId: 'DE98ZZZ09999999999', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };
const directDebit = { accountHolder: 'Max Mustermann', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };

const openSession = async (contractId: string, body: Record<string, unknown> = {}) => {
  const opened = await api.request('POST', `/api/contracts/${contractId}/signing-sessions`, { body });
  expect(opened.status).toBe(201);
  return opened;
};

const signer = (opened: ApiResponse) => ({
  as: null,
  headers: { authorization: `Signing ${new URL(opened.body.url).hash.slice(1)}` },
});

const signature = { signerName: 'Max Mustermann', signatureImage: signaturePng, consent: true };

const sessionAt = (location: string | null) => api.request('GET', location ?? 'no Location header');

describe('GET /api/contracts/:id/signing-sessions/:sessionId', () => {
  it('is where the 201 of opening a session points, and answers the session without its link or token', async () => {
    const contract = await contractOfSepaStudio(api, sepa, {});

    const opened = await openSession(contract.id);
    const session = await sessionAt(opened.headers.get('location'));

    expect(opened.headers.get('location')).toBe(`/api/contracts/${contract.id}/signing-sessions/${opened.body.id}`);
    expect(session.status).toBe(200);
    expect(session.body).toEqual({
      id: opened.body.id,
      contractId: contract.id,
      role: 'customer',
      channel: 'counter',
      createdAt: expect.any(String),
      expiresAt: opened.body.expiresAt,
      status: 'open',
      steps: [{ step: 'contract', status: 'open' }],
    });
    const token = new URL(opened.body.url).hash.slice(1);
    expect(JSON.stringify(session.body)).not.toContain(token);
  });

  it('follows the contract’s step and then the mandate’s, and is signed once the last step spends the token', async () => {
    const contract = await contractOfSepaStudio(api, sepa, { directDebit });
    const opened = await openSession(contract.id);
    const location = opened.headers.get('location');

    const before = await sessionAt(location);
    const view = await api.request('GET', '/api/signing', signer(opened));
    await api.request('POST', '/api/signing', {
      ...signer(opened),
      body: { ...signature, documentHash: view.body.documentHash },
    });
    const between = await sessionAt(location);
    const mandate = await api.request('POST', '/api/signing/mandate', {
      ...signer(opened),
      body: { ...signature, mandateHash: view.body.mandate.mandateHash },
    });
    const after = await sessionAt(location);

    expect(mandate.status).toBe(201);
    expect([before, between, after].map((answer) => [answer.body.status, answer.body.steps])).toEqual([
      [
        'open',
        [
          { step: 'contract', status: 'open' },
          { step: 'mandate', status: 'open' },
        ],
      ],
      [
        'open',
        [
          { step: 'contract', status: 'signed' },
          { step: 'mandate', status: 'open' },
        ],
      ],
      [
        'signed',
        [
          { step: 'contract', status: 'signed' },
          { step: 'mandate', status: 'signed' },
        ],
      ],
    ]);
  });

  it('says expired once the link’s time has run out unsigned', async () => {
    const contract = await contractOfSepaStudio(api, sepa, {});
    const opened = await openSession(contract.id, { expiresInMinutes: 5 });

    clock.set(new Date(Date.parse(opened.body.expiresAt) + 1000).toISOString());
    const session = await sessionAt(opened.headers.get('location'));

    expect(session.status).toBe(200);
    expect(session.body.status).toBe('expired');
  });

  it('answers 404 for a replaced session, an unknown id, a malformed id and another contract’s session', async () => {
    const contract = await contractOfSepaStudio(api, sepa, {});
    const other = await contractOfSepaStudio(api, sepa, {});
    const replaced = await openSession(contract.id);
    const current = await openSession(contract.id);

    const answers = await Promise.all([
      sessionAt(replaced.headers.get('location')),
      sessionAt(`/api/contracts/${contract.id}/signing-sessions/01JD5A2B3C4D5E6F7G8H9J0K1M`),
      sessionAt(`/api/contracts/${contract.id}/signing-sessions/not-an-id`),
      sessionAt(`/api/contracts/${other.id}/signing-sessions/${current.body.id}`),
      sessionAt(current.headers.get('location')),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 200]);
    expect(answers[0]?.body.detail).toBe('Der Vertrag hat keine Unterschriftssitzung mit dieser ID');
  });
});
