import { writeFileSync } from 'node:fs';
import { fileCertificateStore } from '#shared/contracts/document/file-certificate-store.ts';
import { renderContractDocument } from '#shared/contracts/document/render-contract-document.ts';
import { loadOrIssueCertificate } from '#shared/contracts/document/seal-certificate.ts';
import { localSealer } from '#shared/contracts/seal/local-sealer.ts';
import { largestContractInput } from './contract-documents.ts';

/**
 * Bundled with the stack's esbuild options and run in a process of its own
 * (test/contract-document.test.ts): renders the largest contract, with its
 * PNG signatures, as the document functions' bundles do, substitutes included.
 * Arguments: the sealing key's folder and the PDF's file.
 */
const [keyDirectory = '', pdfFile = ''] = process.argv.slice(2);
const sealer = localSealer(keyDirectory);
const certificate = await loadOrIssueCertificate(fileCertificateStore(keyDirectory), sealer);
writeFileSync(pdfFile, await renderContractDocument(largestContractInput(certificate.keyId), { sealer, certificate }));
