import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock.ts';
import type { SignatureImageForDocument } from '../contracts/document/contract-for-document.ts';
import { fileCertificateStore } from '../contracts/document/file-certificate-store.ts';
import { contractDocumentFileName, renderContractDocument } from '../contracts/document/render-contract-document.ts';
import { loadOrIssueCertificate } from '../contracts/document/seal-certificate.ts';
import { contractPartition } from '../contracts/entity.ts';
import { getExistingContract } from '../contracts/read-contracts.ts';
import { configuredSealer } from '../contracts/seal/configured-sealer.ts';
import { describeTerm } from '../contracts/term-sentences.ts';
import { documentClient, tableName } from '../db/client.ts';

/** The stored signature images of a contract: one Query on its item collection, images only. */
const signatureImagesOf = async (contractId: string): Promise<SignatureImageForDocument[]> => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': contractPartition(contractId), ':prefix': 'IMAGE#' },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => ({ role: item.sk.slice('IMAGE#'.length), mediaType: item.mediaType, bytes: item.bytes }));
};

// Beside the local key (SEAL_KEY_DIR); in Lambda, where the key is in KMS, in the environment's /tmp.
const certificateDirectory = () => process.env.SEAL_KEY_DIR ?? join(tmpdir(), 'seal-certificates');

/** The customer's copy of a contract (API.md §10) as a sealed PDF, with the name it is saved under. */
export const signedCopy = async (contractId: string): Promise<{ fileName: string; pdf: Uint8Array }> => {
  const [contract, signatureImages] = await Promise.all([
    getExistingContract(contractId),
    signatureImagesOf(contractId),
  ]);
  const sealer = configuredSealer();
  const certificate = await loadOrIssueCertificate(fileCertificateStore(certificateDirectory()), sealer);
  const pdf = await renderContractDocument(
    { contract, signatureImages, termSentences: describeTerm(contract) },
    { sealer, certificate, signedAt: now() },
  );
  return { fileName: contractDocumentFileName(contract), pdf };
};
