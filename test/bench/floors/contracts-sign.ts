import { createHash } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { contractKey, contractStatusPartition, signatureImageKey, signatureKey } from '#shared/contracts/keys.ts';
import { documentClient, tableName } from '#shared/db/client.ts';
import { newId } from '#shared/http/ids.ts';
import type { BenchEvent } from '../events.ts';
import { readContract } from './contract-items.ts';
import { bodyOf, json, pathId } from './reply.ts';

interface SignatureRequest {
  role: 'customer' | 'studio';
  signerName: string;
  signatureImage: string;
}

// A seal of the same size as a real one: sealing is a KMS call in AWS, not a DynamoDB call.
const placeholderSeal = { algorithm: 'Ed25519', keyId: `local:${'0'.repeat(16)}`, value: 'A'.repeat(88) };

/** POST /api/contracts/{id}/signatures: the Query that reads the contract, then one transaction of three writes. */
export const handler = async (event: BenchEvent) => {
  const id = pathId(event);
  const input = bodyOf<SignatureRequest>(event);
  const contract = await readContract(id);
  if (!contract) return json(404);
  const [header = '', data = ''] = input.signatureImage.split(',');
  const bytes = Buffer.from(data, 'base64');
  const signature = {
    id: newId(),
    role: input.role,
    signerName: input.signerName,
    documentHash: contract.documentHash,
    signedAt: new Date().toISOString(),
    ipAddress: event.requestContext.http.sourceIp,
    userAgent: event.requestContext.http.userAgent,
    imageSha256: createHash('sha256').update(bytes).digest('hex'),
    seal: placeholderSeal,
  };
  const status = input.role === 'customer' && !contract.requireStudioSignature ? 'signed' : 'pending';
  const TableName = tableName();
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName,
            Item: { ...signatureKey(id, input.role), entity: 'signature', ...signature },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName,
            Item: {
              ...signatureImageKey(id, input.role),
              entity: 'signatureImage',
              mediaType: header.slice('data:'.length, header.indexOf(';')),
              bytes,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName,
            Key: contractKey(id),
            UpdateExpression: 'SET #status = :status, updatedAt = :now, #version = :next, gsi3pk = :statusPartition',
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
            ExpressionAttributeValues: {
              ':status': status,
              ':now': signature.signedAt,
              ':version': contract.version,
              ':next': contract.version + 1,
              ':statusPartition': contractStatusPartition(status),
            },
          },
        },
      ],
    }),
  );
  return json(201, { ...contract, status, signatures: [...contract.signatures, signature] });
};
