import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fontkit, { type Font } from '@cantoo/fontkit';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ContractDocumentInput,
  ContractForDocument,
  SignatureForDocument,
} from '#shared/contracts/document/contract-for-document.ts';
import { formatLocalTime, formatMoney, formatUtcTime } from '#shared/contracts/document/german-format.ts';
import {
  contractDocumentFileName,
  renderContractDocument,
} from '#shared/contracts/document/render-contract-document.ts';
import { noTermsAgreed } from '#shared/contracts/term-sentences.ts';
import { fileCertificateStore } from '#shared/pdf/file-certificate-store.ts';
import { contractDocumentFontFiles, type PostHeader, withPostHeaderOnly } from '#shared/pdf/fonts.ts';
import { type CertificateStore, loadOrIssueCertificate, type SealCertificate } from '#shared/pdf/seal-certificate.ts';
import { fontkitModuleFile } from '#shared/routes.ts';
import { localSealer } from '#shared/signatures/local-sealer.ts';
import type { Sealer } from '#shared/signatures/sealer.ts';
import { lambdaFunctions, measureBundle, writeBundle } from '../bench/bundles.ts';
import { placeFiles } from '../bench/cold-start.ts';
import {
  baseContract,
  documentHash,
  euro,
  largestContractInput,
  largestPng,
  sha256Hex,
  signatureForDocument,
  termSentences,
  typicalContractInput,
  typicalPng,
} from '../support/contract-documents.ts';

// The copy is checked with the tools a customer or an auditor would use: poppler and qpdf.
beforeAll(() => {
  try {
    execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    throw new Error(
      `The contract document tests need pdfsig, pdftotext, pdftoppm and qpdf, and infra/local/ensure-test-tools.sh could not install them: ${(error as { stderr?: Buffer }).stderr?.toString() ?? error}`,
    );
  }
});

const workDirectory = mkdtempSync(join(tmpdir(), 'contract-document-'));
const keyDirectory = process.env.SEAL_KEY_DIR ?? join(workDirectory, 'keys');
const sealer: Sealer = localSealer(keyDirectory);
let certificate: SealCertificate;
beforeAll(async () => {
  certificate = await loadOrIssueCertificate(fileCertificateStore(keyDirectory), sealer);
});

// --- fixtures -------------------------------------------------------------

/** A stored signature of this run's sealing key. */
const signatureOf = (
  role: SignatureForDocument['role'],
  signerName: string,
  image: Uint8Array,
  signedAt?: string,
): SignatureForDocument =>
  signatureForDocument({ role, signerName, image, keyId: certificate.keyId, ...(signedAt ? { signedAt } : {}) });

// What signature_pad's toSVG() draws, with the other allowed drawing elements.
const signatureSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 100" width="300" height="100">' +
    '<g stroke="rgb(0,0,80)" fill="none" stroke-width="3" stroke-linecap="round">' +
    '<path d="M 10 60 C 40 10, 70 90, 100 50 S 160 10, 190 60"/>' +
    '<polyline points="200,70 230,30 260,70 290,30"/><line x1="10" y1="90" x2="290" y2="90"/>' +
    '</g><circle cx="150" cy="20" r="4" fill="black"/></svg>',
);

/** A signed contract: 3 items, the customer's PNG signature. */
const typicalInput = (): ContractDocumentInput => typicalContractInput(certificate.keyId);

// --- the tools ------------------------------------------------------------

let fileCount = 0;
const saved = (pdf: Uint8Array, name = 'copy') => {
  const file = join(workDirectory, `${name}-${++fileCount}.pdf`);
  writeFileSync(file, pdf);
  return file;
};

const run = (tool: string, ...args: string[]) => {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return `${failed.stdout}\n${failed.stderr}\nexit ${failed.status}`;
  }
};

const pdfsig = (file: string) => run('pdfsig', file);
// Intl writes a no-break space before „€“; the bidi marks are pdftotext's, around right-to-left text.
const pdftotext = (file: string) =>
  run('pdftotext', '-layout', '-enc', 'UTF-8', file, '-')
    .normalize('NFKC')
    .replace(/[\u00a0]/g, ' ')
    .replace(/[\u200e\u200f\u202a-\u202e]/g, '');
const pageCount = (file: string) => Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', file))?.[1]);

const render = (input: ContractDocumentInput, signedAt?: Date) =>
  renderContractDocument(input, { sealer, certificate, ...(signedAt ? { signedAt } : {}) });

const timed = async <T>(work: () => Promise<T>) => {
  const start = performance.now();
  const result = await work();
  return { result, milliseconds: performance.now() - start };
};

// --- the copy ---------------------------------------------------------------

describe('the customer’s copy of a signed contract', () => {
  it('shows both parties, the number, the items in German money format, the term and the signer', async () => {
    const file = saved(await render(typicalInput()));

    const text = pdftotext(file);

    expect(text).toContain('Vertrag Nr. 2026-000001');
    expect(text).toContain('Körperwerk Studio Müller GmbH');
    expect(text).toContain('Straße des 17. Juni 135');
    expect(text).toContain('Änne Groß');
    expect(text).toContain('80331 München');
    expect(text).toContain('49,00 €');
    expect(text).toContain('1.234,50 €');
    expect(text).toContain('19,80 €');
    expect(text).toMatch(/Summe monatlich\s+68,80 €/);
    expect(text.split('Mindestlaufzeit: 12 Monate, vom 15.01.2026 bis 14.01.2027.')).toHaveLength(2);
    expect(text.match(/Mindestlaufzeit/g)).toHaveLength(1); // no label or fact repeats the sentence
    expect(text).toContain('Kündigungsfrist: 1 Monat ab Eingang der Kündigung.');
    expect(text).toContain('Unterschrieben am 15.01.2026, 13:05:07 MEZ');
    expect(text).toContain('Seite 1 von 2');
    expect(text).not.toContain('Entwurf');
  });

  it('says of a contract without terms what the signing page says', async () => {
    const input = typicalInput();
    const file = saved(await render({ ...input, contract: { ...input.contract, terms: null } }));

    const text = pdftotext(file);

    expect(text).toContain(noTermsAgreed);
    expect(readFileSync('shared/signing/page/sign-page.js', 'utf8')).toContain(`terms ?? '${noTermsAgreed}'`);
  });

  it('ends with an audit page naming the document hash and each seal with its key', async () => {
    const file = saved(await render(typicalInput()));

    const text = pdftotext(file);

    const audit = text.slice(text.indexOf('Prüfprotokoll'));
    expect(audit).toContain(documentHash.slice(0, 40));
    expect(audit).toContain('15.01.2026, 12:05:07 UTC');
    expect(audit).toContain('15.01.2026, 13:05:07 MEZ');
    expect(audit).toContain('203.0.113.7');
    expect(audit).toContain('Mozilla/5.0 (iPad;');
    expect(audit).toContain(`${sha256Hex(typicalPng).slice(0, 40)}`);
    expect(audit).toContain('stimmt mit dem abgebildeten Bild überein');
    expect(audit).toContain(`${certificate.keyId} (wie im Zertifikat)`);
    expect(audit).toContain('einfache elektronische Signatur');
    expect(audit).toContain('Art. 25');
  });

  it('carries a PDF signature that pdfsig finds valid over the whole file, and qpdf finds no error', async () => {
    const file = saved(await render(typicalInput()));

    const report = pdfsig(file);

    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature is Valid');
    // Self-issued by the studio's own key: no trust anchor knows it, which is expected.
    expect(report).toContain('Certificate issuer is unknown');
    expect(report).toContain(`Signer Certificate Common Name: Vertragssiegel ${certificate.keyId}`);
    expect(run('qpdf', '--check', file)).toContain('No syntax or stream encoding errors found');
  });

  it('reports a digest mismatch once one byte inside the signed range changes', async () => {
    const pdf = Buffer.from(await render(typicalInput()));
    // The first page's width: 595.28 pt becomes 695.28 pt.
    const mediaBox = pdf.indexOf('/MediaBox [ 0 0 595.28', 0, 'latin1');
    expect(mediaBox).toBeGreaterThan(0);
    pdf[mediaBox + '/MediaBox [ 0 0 '.length] = '6'.charCodeAt(0);

    const report = pdfsig(saved(pdf, 'tampered'));

    expect(report).toContain('Digest Mismatch');
    expect(report).not.toContain('Signature is Valid');
  });

  it('renders the same bytes for the same contract, apart from the signature itself', async () => {
    const signedAt = new Date('2026-02-01T09:00:00Z');
    const first = Buffer.from(await render(typicalInput(), signedAt));
    const second = Buffer.from(await render(typicalInput(), signedAt));

    const contents = (pdf: Buffer) => {
      const [, start, end] = /\/ByteRange \[0 (\d+) (\d+)/.exec(pdf.toString('latin1'))?.map(Number) ?? [];
      return { start: start as number, end: end as number };
    };
    const a = contents(first);

    expect(contents(second)).toEqual(a);
    expect(first.subarray(0, a.start)).toEqual(second.subarray(0, a.start));
    expect(first.subarray(a.end)).toEqual(second.subarray(a.end));
  });

  it('is named after the contract number', () => {
    expect(contractDocumentFileName(baseContract())).toBe('Vertrag-2026-000001.pdf');
  });
});

describe('a pending contract', () => {
  it('is marked as a draft on every page and sealed all the same', async () => {
    const file = saved(
      await render({ contract: { ...baseContract(), status: 'pending' }, signatureImages: [], termSentences }),
    );

    const text = pdftotext(file);

    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page).toContain('Entwurf – nicht unterschrieben');
    expect(text).toContain('Kundin/Kunde: noch nicht unterschrieben');
    expect(text).toContain('noch von niemandem unterschrieben');
    expect(pdfsig(file)).toContain('Signature is Valid');
  });
});

describe('a terminated contract signed by both parties', () => {
  it('shows the termination and both signatures, the studio’s drawn as SVG', async () => {
    const contract: ContractForDocument = {
      ...baseContract(),
      status: 'terminated',
      requireStudioSignature: true,
      endsOn: '2026-06-30',
      earliestEndOn: null,
      termination: {
        kind: 'extraordinary',
        receivedOn: '2026-05-20',
        endsOn: '2026-06-30',
        reason: 'Umzug ins Ausland',
        recordedAt: '2026-05-20T08:30:00.000Z',
        recordedBy: 'owner-sub',
      },
      signatures: [
        signatureOf('customer', 'Änne Groß', typicalPng),
        signatureOf('studio', 'Jürgen Weiß', signatureSvg, '2026-01-15T12:06:00.000Z'),
      ],
    };
    const file = saved(
      await render({
        contract,
        signatureImages: [
          { role: 'customer', mediaType: 'image/png', bytes: typicalPng },
          { role: 'studio', mediaType: 'image/svg+xml', bytes: signatureSvg },
        ],
        termSentences,
      }),
    );

    const text = pdftotext(file);

    expect(text).toContain('Außerordentliche Kündigung (§ 314 BGB)');
    expect(text).toContain('Umzug ins Ausland');
    expect(text).toMatch(/Vertrag endet am\s+30\.06\.2026/);
    expect(text).toContain('Jürgen Weiß');
    expect(text).toContain('Unterschrieben am 15.01.2026, 13:06:00 MEZ');
    expect(text).toContain('Unterschrift: Studio');
    expect(text).not.toContain('Das Unterschriftsbild liegt nicht vor');
    expect(pdfsig(file)).toContain('Signature is Valid');
  });
});

describe('large and multilingual contracts', () => {
  it('renders 50 items and two 100 KiB signature images onto several numbered pages', async () => {
    expect(largestPng.length).toBeGreaterThan(90 * 1024);
    expect(largestPng.length).toBeLessThanOrEqual(100 * 1024);
    const input = largestContractInput(certificate.keyId);
    expect(input.contract.items).toHaveLength(50);
    expect(input.signatureImages.map((image) => image.bytes)).toEqual([largestPng, largestPng]);

    const { result: pdf, milliseconds } = await timed(() => render(input));
    const file = saved(pdf, 'large');

    const text = pdftotext(file);
    const pages = pageCount(file);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(text).toContain(`Seite ${pages} von ${pages}`);
    for (const index of [1, 25, 50]) expect(text).toContain(`Leistung ${index}: Personal Training`);
    expect(text).toMatch(/Summe vierteljährlich\s+0,04 €/);
    expect(pdfsig(file)).toContain('Signature is Valid');
    expect(run('qpdf', '--check', file)).toContain('No syntax or stream encoding errors found');
    console.info(`50 items, two 100 KiB images: ${pages} pages, ${pdf.length} bytes, ${milliseconds.toFixed(0)} ms`);
  });

  it('writes Greek, Arabic and CJK names in embedded fonts and Hangul as code points', async () => {
    const contract: ContractForDocument = {
      ...baseContract(),
      contact: { firstName: 'Γιώργος', lastName: 'Παπαδόπουλος', email: null, address: null },
      requireStudioSignature: true,
      signatures: [
        signatureOf('customer', '山田 太郎 (やまだ)', typicalPng),
        signatureOf('studio', 'محمد العلي', signatureSvg),
      ],
      terms: 'Ansprechpartnerin: 김민준',
    };
    const pdf = await render({
      contract,
      signatureImages: [
        { role: 'customer', mediaType: 'image/png', bytes: typicalPng },
        { role: 'studio', mediaType: 'image/svg+xml', bytes: signatureSvg },
      ],
      termSentences,
    });
    const file = saved(pdf, 'scripts');

    const text = pdftotext(file);
    const fonts = run('pdffonts', file);

    expect(text).toContain('Γιώργος Παπαδόπουλος');
    expect(text).toContain('山田 太郎 (やまだ)');
    expect(text).toContain('محمد العلي');
    expect(text).toContain('Ansprechpartnerin: [U+AE40][U+BBFC][U+C900]');
    expect(fonts).toContain('NotoNaskhArabic');
    expect(fonts).toContain('NotoSansHans');
    expect(pdfsig(file)).toContain('Signature is Valid');

    // A picture to look at: the first page at 60 dpi.
    const pictures = join(tmpdir(), 'contract-document-pages');
    mkdirSync(pictures, { recursive: true });
    run('pdftoppm', '-png', '-r', '60', '-f', '1', '-l', '1', file, join(pictures, 'scripts'));
    expect(run('ls', pictures)).toContain('scripts-1.png');
  });
});

describe('the copy as the document functions’ bundles render it', () => {
  const documentFunctions = lambdaFunctions.filter((fn) => fn.files.includes(contractDocumentFontFiles.regular));

  it('bundles Node’s zlib in place of fflate and no Brotli decoder, in every document function', async () => {
    expect(documentFunctions.map((fn) => fn.name).sort()).toEqual([
      'contracts-amendment-document',
      'contracts-document',
      'contracts-send-copy',
      'documents-render',
      'signing-document',
    ]);
    for (const fn of documentFunctions) {
      const { byPackage } = await measureBundle(fn.entry, 'runtime', fn.constants);
      const packages = byPackage.map(({ name }) => name);

      expect(packages, fn.name).toContain('@cantoo/pdf-lib');
      expect(packages, fn.name).not.toContain('fflate');
      expect(packages, fn.name).not.toContain('brotli');
    }
  });

  it('reads each font’s italic angle and fixed pitch from the post header as fontkit’s whole decode does', () => {
    for (const file of Object.values(contractDocumentFontFiles)) {
      const bytes = new Uint8Array(readFileSync(file));
      const font = fontkit.create(bytes) as Font;
      const decodedWhole = (font as unknown as { post: PostHeader }).post;

      const header = withPostHeaderOnly(font, bytes).post;

      expect(header, file).toEqual({
        italicAngle: decodedWhole.italicAngle,
        underlinePosition: decodedWhole.underlinePosition,
        underlineThickness: decodedWhole.underlineThickness,
        isFixedPitch: decodedWhole.isFixedPitch,
      });
    }
  });

  it('renders and seals the largest contract, PNG signatures included, into a copy pdfsig and qpdf accept', async () => {
    const folder = mkdtempSync(join(workDirectory, 'bundle-'));
    const [documentFunction] = documentFunctions;
    if (!documentFunction) throw new Error('no document function');
    await placeFiles(documentFunction.files, join(folder, 'files'));
    const bundle = await writeBundle('test/support/render-copy-in-bundle.ts', 'bundled', folder);
    const file = join(workDirectory, 'bundled-largest.pdf');
    const scripts = join(workDirectory, 'bundled-scripts.pdf');

    execFileSync(process.execPath, [bundle, join(folder, 'keys'), file], { stdio: ['ignore', 'ignore', 'pipe'] });
    execFileSync(process.execPath, [bundle, join(folder, 'keys'), scripts, 'scripts'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });

    expect(pdfsig(file)).toContain('Signature is Valid');
    expect(run('qpdf', '--check', file)).toContain('No syntax or stream encoding errors found');
    expect(pdftotext(file)).toContain('Leistung 50: Personal Training');
    // Both signature images were inflated and deflated again by the substitute: poppler draws them.
    expect(run('pdfimages', '-list', file).match(/\bimage\b/g)?.length).toBeGreaterThanOrEqual(2);
    // Names in other scripts: fontkit, loaded from its own module beside the bundle, embeds the fallback fonts.
    expect(pdfsig(scripts)).toContain('Signature is Valid');
    expect(pdftotext(scripts)).toContain('محمد');
    expect(pdftotext(scripts)).toContain('山田');
    expect(run('pdffonts', scripts)).toContain('NotoNaskhArabic');
    expect(run('pdffonts', scripts)).toContain('NotoSansHans');
  });

  it('leaves fontkit out of the document functions’ bundles, as a module of its own beside them', async () => {
    for (const fn of documentFunctions) {
      const { byPackage } = await measureBundle(fn.entry, 'runtime', fn.constants);

      expect(
        byPackage.map(({ name }) => name),
        fn.name,
      ).not.toContain('@cantoo/fontkit');
      expect(fn.files, fn.name).toContainEqual(fontkitModuleFile);
    }
  });
});

describe('money in German format', () => {
  it('writes cents as euros with decimal comma and thousands dot', () => {
    expect(formatMoney(euro(4900))).toBe('49,00\u00a0€');
    expect(formatMoney(euro(123450))).toBe('1.234,50\u00a0€');
  });
});

describe('times in German format', () => {
  it('writes an instant in UTC exactly as Intl does for the UTC zone', () => {
    const instants = [
      '2026-01-01T00:00:00.000Z',
      '2028-02-29T23:59:59.999Z',
      '2026-12-31T23:59:59Z',
      '2099-07-04T09:05:03Z',
    ];
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2027, 0, 1); time += 433 * 60_000 + 7_000) {
      instants.push(new Date(time).toISOString());
    }
    for (const instant of instants) expect(formatUtcTime(instant), instant).toBe(formatLocalTime(instant, 'UTC'));
  });
});

describe('the sealing key’s certificate', () => {
  const memoryStore = (): CertificateStore & { saved: number } => {
    const certificates = new Map<string, Uint8Array>();
    return {
      saved: 0,
      async load(keyId) {
        return certificates.get(keyId) ?? null;
      },
      async save(keyId, der) {
        this.saved++;
        if (!certificates.has(keyId)) certificates.set(keyId, der);
      },
    };
  };

  it('is issued once by the sealing key itself and names its key id', async () => {
    const store = memoryStore();

    const first = await loadOrIssueCertificate(store, sealer);
    const second = await loadOrIssueCertificate(store, sealer);

    expect(store.saved).toBe(1);
    expect(second.der).toEqual(first.der);
    const x509 = new X509Certificate(first.der);
    expect(x509.subject).toBe(`CN=Vertragssiegel ${first.keyId}`);
    expect(x509.issuer).toBe(x509.subject);
    expect(x509.subjectAltName).toBe(`URI:${first.keyId}`);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(first.keyId).toBe((await sealer.seal('{}')).keyId);
  });

  it('refuses a stored certificate that names another key', async () => {
    const store = memoryStore();
    const other = localSealer(join(workDirectory, 'other-key'));
    const foreign = await loadOrIssueCertificate(store, other);
    await store.save(certificate.keyId, foreign.der);

    await expect(loadOrIssueCertificate(store, sealer)).rejects.toThrow('does not name the sealing key');
  });
});
