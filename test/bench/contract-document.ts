import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { ContractDocumentInput } from '#shared/contracts/document/contract-for-document.ts';
import { renderContractDocument } from '#shared/contracts/document/render-contract-document.ts';
import { fileCertificateStore } from '#shared/pdf/file-certificate-store.ts';
import { loadOrIssueCertificate } from '#shared/pdf/seal-certificate.ts';
import { localSealer } from '#shared/signatures/local-sealer.ts';
import { largestContractInput, typicalContractInput } from '../support/contract-documents.ts';
import { withTable } from './fixtures.ts';
import { type Latency, latency } from './stats.ts';

/** Render + seal of one contract's copy: what issue 13 budgets, without DynamoDB (the warm part has the function). */
export interface DocumentRenderResult {
  contract: 'typical' | 'largest';
  description: string;
  /** ms from the contract to the sealed PDF's bytes. */
  render: Latency;
  pdfBytes: number;
  pages: number;
}

export interface DocumentRenderOptions {
  /** Renders per contract: the typical one, and the largest (which takes some ten times longer). */
  typicalIterations: number;
  largestIterations: number;
  warmup: number;
}

const contracts: {
  contract: DocumentRenderResult['contract'];
  description: string;
  input: typeof typicalContractInput;
}[] = [
  { contract: 'typical', description: '3 items, one PNG signature', input: typicalContractInput },
  { contract: 'largest', description: '50 items, two 100 KiB PNG signatures', input: largestContractInput },
];

/**
 * Renders and seals the typical and the largest contract again and again with
 * the local sealer (an ECDSA P-256 key in a temporary folder) and its
 * certificate: the work `GET /api/contracts/:id/document` does after its
 * reads. Each render gets its own signing time, as each request does.
 */
export const measureContractDocuments = async (options: DocumentRenderOptions): Promise<DocumentRenderResult[]> => {
  const keyDirectory = mkdtempSync(join(tmpdir(), 'studio-bench-document-'));
  try {
    const sealer = localSealer(keyDirectory);
    const certificate = await loadOrIssueCertificate(fileCertificateStore(keyDirectory), sealer);
    const render = (input: ContractDocumentInput) => renderContractDocument(input, { sealer, certificate });
    const results: DocumentRenderResult[] = [];
    for (const { contract, description, input: inputFor } of contracts) {
      const input = inputFor(certificate.keyId);
      const iterations = contract === 'typical' ? options.typicalIterations : options.largestIterations;
      for (let i = 0; i < options.warmup; i++) await render(input);
      const samples: number[] = [];
      let pdf: Uint8Array = new Uint8Array();
      for (let i = 0; i < iterations; i++) {
        const started = performance.now();
        pdf = await render(input);
        samples.push(performance.now() - started);
      }
      const pages = (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
      results.push({ contract, description, render: latency(samples), pdfBytes: pdf.byteLength, pages });
    }
    return results;
  } finally {
    rmSync(keyDirectory, { recursive: true, force: true });
  }
};

/**
 * Issues the sealing key's certificate into each table before anything is
 * measured: a table's first document request issues it, once in the table's
 * life, and a recording of that request would give the document functions a
 * floor and a cost that no later request has.
 */
export const issueSealCertificates = async (tables: readonly string[]): Promise<void> => {
  // The data layer reads its endpoint when it loads: imported only once the bench has connected it.
  const [{ tableCertificateStore }, { configuredSealer }] = await Promise.all([
    import('#shared/documents/table-certificate-store.ts'),
    import('#shared/signatures/configured-sealer.ts'),
  ]);
  for (const table of tables) {
    await withTable(table, () => loadOrIssueCertificate(tableCertificateStore, configuredSealer()));
  }
};
