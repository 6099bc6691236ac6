import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client.ts';
import { ConditionFailed } from '../db/errors.ts';
import { write } from '../db/write.ts';
import type { CertificateStore } from '../pdf/seal-certificate.ts';
import { sealCertificateItem, sealCertificateKey } from './entity.ts';

/**
 * The sealing key's certificate, kept in the table: issued once per key by the
 * first function that needs it, the same for every execution environment
 * afterwards (a conditional put: the first certificate stored wins).
 */
export const tableCertificateStore: CertificateStore = {
  load: async (keyId) => {
    const { Item } = await documentClient.send(
      new GetCommand({ TableName: tableName(), Key: sealCertificateKey(keyId), ConsistentRead: true }),
    );
    return Item?.der instanceof Uint8Array ? Item.der : null;
  },
  save: async (keyId, der) => {
    try {
      await write([
        {
          Put: {
            TableName: tableName(),
            Item: sealCertificateItem(keyId, der),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]);
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
    }
  },
};
