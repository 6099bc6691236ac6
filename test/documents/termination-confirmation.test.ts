import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signedContractOf } from '../declarations/declaration-support.ts';
import { unique, useApi } from '../support/api.ts';
import { useBackgroundFunctions } from '../support/background-functions.ts';
import { outboxMails } from '../support/outbox.ts';
import { useStudioProfile } from '../support/studio.ts';

// The Kündigungsbestätigung (docs/documents.md): every recorded termination is confirmed to the contact by email
// with a PDF letter, and the letter is kept as the contract's `termination_confirmation` document.
const api = useApi();
useStudioProfile(api);
const dataDir = mkdtempSync(join(tmpdir(), 'studio-api-termination-confirmation-'));
process.env.DATA_DIR = dataDir;
const outbox = join(dataDir, 'outbox');
useBackgroundFunctions(['documents-render'], dataDir);

beforeAll(() => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'pipe'] });
});

const rendered = { timeout: 60_000, interval: 100 };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const textOf = (pdf: Uint8Array) => {
  const file = join(dataDir, `${unique('letter')}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

const confirmationsTo = async (email: string): Promise<ParsedMail[]> =>
  (await outboxMails(outbox)).filter(
    (mail) =>
      mail.subject?.startsWith('Kündigungsbestätigung') &&
      (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.value[0]?.address === email),
  );

const storedDocuments = async (id: string) =>
  (await api.request('GET', `/api/contracts/${id}/documents`)).body.items as {
    id: string;
    kind: string;
    sha256: string;
  }[];

describe('the Kündigungsbestätigung of a termination at the counter', () => {
  it('mails the contact the end date with the PDF letter, and keeps the same letter as a document', async () => {
    const { contact, contract } = await signedContractOf(api);
    const { lastName, email } = contact;

    const terminated = await api.request('POST', `/api/contracts/${contract.id}/termination`, {
      body: { receivedOn: null, reason: 'Umzug <b>nach</b> Köln' },
    });
    expect(terminated.status).toBe(200);
    const endsOn: string = terminated.body.termination.endsOn;
    const germanEnd = `${endsOn.slice(8, 10)}.${endsOn.slice(5, 7)}.${endsOn.slice(0, 4)}`;

    const [mail] = await vi.waitFor(async () => {
      const mails = await confirmationsTo(email);
      if (mails.length === 0) throw new Error('no confirmation yet');
      return mails;
    }, rendered);
    expect(mail?.subject).toBe(`Kündigungsbestätigung: Ihr Vertrag Nr. ${contract.number} endet am ${germanEnd}`);
    expect(mail?.text).toContain(`Guten Tag Ada ${lastName},`);
    expect(mail?.text).toContain(`Ihr Vertrag endet am ${germanEnd}.`);
    expect(mail?.html).toBe(false);
    expect(mail?.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
      [`Kuendigungsbestaetigung-${contract.number}.pdf`, 'application/pdf'],
    ]);
    const letter = new Uint8Array(mail?.attachments[0]?.content ?? []);

    const text = textOf(letter);
    expect(text).toContain(`Kündigungsbestätigung zu Ihrem Vertrag Nr. ${contract.number}`);
    expect(text).toContain(`Ihr Vertrag endet am ${germanEnd}.`);
    expect(text).toContain(`Ada ${lastName}`);
    expect(text).toContain('ordentliche Kündigung');
    expect(text).toContain('Angegebener Grund: Umzug <b>nach</b> Köln');

    const kept = (await storedDocuments(contract.id)).filter(
      (document) => document.kind === 'termination_confirmation',
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]?.sha256).toBe(sha256(letter));
    const download = await fetch(`${api.url}/api/contracts/${contract.id}/documents/${kept[0]?.id}`, {
      headers: { authorization: `Bearer ${await api.token({ groups: ['staff'] })}` },
    });
    expect(download.status).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(letter));
  });

  it('goes out once, however often the stream hands out the termination', async () => {
    const { contact, contract } = await signedContractOf(api);
    const { email } = contact;
    expect((await api.request('POST', `/api/contracts/${contract.id}/termination`, { body: {} })).status).toBe(200);
    await vi.waitFor(async () => {
      if ((await confirmationsTo(email)).length === 0) throw new Error('no confirmation yet');
    }, rendered);

    // The stream's at-least-once: the same event's work again, as a redelivered record would run it.
    const { confirmTermination } = await import('#shared/documents/termination-confirmation.ts');
    await confirmTermination(contract.id);

    expect(await confirmationsTo(email)).toHaveLength(1);
    expect((await storedDocuments(contract.id)).filter((d) => d.kind === 'termination_confirmation')).toHaveLength(1);
  });
});
