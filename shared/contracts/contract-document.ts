import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock.ts';
import { documentClient, tableName } from '../db/client.ts';
import { loadOrIssueCertificate } from '../documents/seal-certificate.ts';
import { tableCertificateStore } from '../documents/table-certificate-store.ts';
import { configuredSealer } from '../signatures/configured-sealer.ts';
import type { SignatureImageForDocument } from './document/contract-for-document.ts';
import { contractDocumentFileName, renderContractDocument } from './document/render-contract-document.ts';
import { contractPartition } from './entity.ts';
import { getExistingContract } from './read-contracts.ts';
import type { ContractWithSignatures } from './schema.ts';
import { describeTerm } from './term-sentences.ts';

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

export interface ContractDocument {
  contract: ContractWithSignatures;
  fileName: string;
  pdf: Uint8Array;
}

/**
 * The customer's copy of a contract (API.md §10): rendered from the stored
 * contract as it is now and sealed with the sealing key, so any PDF reader can
 * check it offline.
 */
export const contractDocument = async (contractId: string): Promise<ContractDocument> => {
  const [contract, signatureImages] = await Promise.all([
    getExistingContract(contractId),
    signatureImagesOf(contractId),
  ]);
  const sealer = configuredSealer();
  const certificate = await loadOrIssueCertificate(tableCertificateStore, sealer);
  const pdf = await renderContractDocument(
    { contract, signatureImages, termSentences: describeTerm(contract) },
    { sealer, certificate, signedAt: now() },
  );
  return { contract, fileName: contractDocumentFileName(contract), pdf };
};
