import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { unique, useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { signaturePng } from '../support/images.ts';
import { mailsTo, theLinkMailedTo } from '../support/remote-signing.ts';
import { studioProfileWithSepa, useStudioProfile } from '../support/studio.ts';

// A contract signed at home is confirmed to the customer with its original (§ 312f Abs. 2 BGB; docs/walkthrough.md, "Signing at home").
const api = useApi();
useStudioProfile(api, studioProfileWithSepa);
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-signed-at-home-'));
const outbox = join(dataDir, 'outbox');
process.env.DATA_DIR = dataDir;
useBackgroundFunctions(['documents-render'], dataDir);
const rendered = { timeout: 60_000, interval: 100 };

beforeAll(() => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
});

const created = async (path: string, body: unknown) => {
  const response = await api.request('POST', path, { body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

const contractOfNewContact = async (body: Record<string, unknown> = {}) => {
  const email = `${unique('erika')}@example.com`;
  const contact = await created('/api/contacts', { firstName: 'Erika', lastName: unique('Mustermann'), email });
  const service = await created('/api/services', {
    name: unique('Fitness '),
    price: { amount: 3900, currency: 'EUR' },
    billingInterval: 'month',
  });
  const contract = await created('/api/contracts', {
    contactId: contact.id,
    items: [{ serviceId: service.id }],
    startDate: '2027-03-01',
    ...body,
  });
  return { ...contract, email };
};

const signer = (token: string) => ({ as: null, headers: { authorization: `Signing ${token}` } });

const signAtHome = async (contract: { id: string; email: string; documentHash: string }) => {
  expect(
    (await api.request('POST', `/api/contracts/${contract.id}/signing-sessions`, { body: { channel: 'remote' } }))
      .status,
  ).toBe(201);
  const token = (await theLinkMailedTo(outbox, contract.email)).url.hash.slice(1);
  const signed = await api.request('POST', '/api/signing', {
    ...signer(token),
    body: {
      signerName: 'Erika Mustermann',
      signatureImage: signaturePng,
      consent: true,
      documentHash: contract.documentHash,
    },
  });
  expect(signed.status).toBe(201);
  return token;
};

const confirmations = async (contract: { number: string; email: string }) =>
  (await mailsTo(outbox, contract.email)).filter((mail) =>
    mail.subject?.startsWith(`Bestätigung Ihres Vertrags Nr. ${contract.number}`),
  );

const documents = async (id: string): Promise<{ kind: string; sha256: string }[]> =>
  (await api.request('GET', `/api/contracts/${id}/documents`)).body.items;

/** A positive marker for "the stream got this far": a later contract's original, signed at the counter, is stored. */
const streamPassed = async () => {
  const later = await contractOfNewContact();
  await created(`/api/contracts/${later.id}/signatures`, {
    role: 'customer',
    signerName: 'Max Muster',
    documentHash: later.documentHash,
    signatureImage: signaturePng,
    consent: true,
  });
  await expect.poll(() => documents(later.id), rendered).toHaveLength(1);
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pdfText = (pdf: Uint8Array) => {
  const file = join(dataDir, `${unique('confirmation')}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

describe('a contract signed at home', () => {
  it('is confirmed to the customer once, by mail with the stored original, its Belehrung and the model form', async () => {
    // prepare
    const contract = await contractOfNewContact();

    // act
    await signAtHome(contract);

    // assess: the mail arrives, with the original as stored
    await expect.poll(() => confirmations(contract), rendered).toHaveLength(1);
    const [mail] = await confirmations(contract);
    const [original] = await documents(contract.id);
    expect(mail?.text).toContain(
      `Wir bestätigen den Abschluss des Vertrags Nr. ${contract.number} mit Studio Mitte GmbH.`,
    );
    expect(mail?.text).toMatch(/Ihre Widerrufsfrist endet am \d\d\.\d\d\.\d{4}\./);
    expect(mail?.attachments.map(({ filename }) => filename)).toEqual([`Vertrag-${contract.number}.pdf`]);
    const pdf = mail?.attachments[0]?.content as Buffer;
    expect(sha256(pdf)).toBe(original?.sha256);
    const text = pdfText(pdf);
    expect(text).toContain('Widerrufsbelehrung');
    expect(text).toContain('Muster-Widerrufsformular');

    // assess: once, also when the stream hands the signature's event out again
    const { confirmSignedAtHome } = await import('#shared/documents/signed-at-home-confirmation.ts');
    await confirmSignedAtHome(contract.id);
    await streamPassed();
    expect(await confirmations(contract)).toHaveLength(1);
  });

  it('is confirmed when its mandate, the session’s last step, is signed, with both signatures in the original', async () => {
    // prepare
    const contract = await contractOfNewContact({
      directDebit: { accountHolder: 'Erika Mustermann', iban: 'DE02120300000000202051' },
    });
    const token = await signAtHome(contract);
    await streamPassed();
    expect(await confirmations(contract)).toEqual([]);
    const view = await api.request('GET', '/api/signing', signer(token));

    // act
    const mandate = await api.request('POST', '/api/signing/mandate', {
      ...signer(token),
      body: {
        signerName: 'Erika Mustermann',
        signatureImage: signaturePng,
        consent: true,
        mandateHash: view.body.mandate.mandateHash,
      },
    });

    // assess
    expect(mandate.status).toBe(201);
    await expect.poll(() => confirmations(contract), rendered).toHaveLength(1);
    const [mail] = await confirmations(contract);
    const text = pdfText(mail?.attachments[0]?.content as Buffer);
    expect(text).toContain(`Unterschrift: SEPA-Lastschriftmandat ${mandate.body.reference}`);
    expect(text).not.toContain('noch nicht unterschrieben');
  });
});
