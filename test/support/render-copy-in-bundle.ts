import { writeFileSync } from 'node:fs';
import { renderContractDocument } from '#shared/contracts/document/render-contract-document.ts';
import { fileCertificateStore } from '#shared/pdf/file-certificate-store.ts';
import { loadOrIssueCertificate } from '#shared/pdf/seal-certificate.ts';
import { localSealer } from '#shared/signatures/local-sealer.ts';
import { largestContractInput } from './contract-documents.ts';

/**
 * Bundled with the stack's esbuild options and run in a process of its own
 * (test/contracts/contract-document.test.ts): renders the largest contract, with its
 * PNG signatures, as the document functions' bundles do, substitutes and the
 * files beside the bundle included. With `scripts`, the customer's name is in
 * Arabic and Chinese script, which takes the fallback fonts and fontkit.
 * Arguments: the sealing key's folder, the PDF's file and `latin` or `scripts`.
 */
const [keyDirectory = '', pdfFile = '', names = 'latin'] = process.argv.slice(2);
const sealer = localSealer(keyDirectory);
const certificate = await loadOrIssueCertificate(fileCertificateStore(keyDirectory), sealer);
const input = largestContractInput(certificate.keyId);
if (names === 'scripts') input.contract.contact = { ...input.contract.contact, firstName: 'محمد', lastName: '山田' };
writeFileSync(pdfFile, await renderContractDocument(input, { sealer, certificate }));
