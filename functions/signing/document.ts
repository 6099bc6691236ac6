import { type ContractDocument, contractDocument } from '#shared/contracts/contract-document.ts';
import { signingRoute } from '#shared/signing/signing-route.ts';

export const handler = signingRoute(
  'signing-document',
  {
    // Only a token that has just signed: the copy of what its holder signed, for 15 minutes.
    accepts: ['signed'],
    reply: ({ fileName, pdf }: ContractDocument) => ({
      status: 200,
      raw: { contentType: 'application/pdf', content: Buffer.from(pdf) },
      headers: { 'content-disposition': `attachment; filename="${fileName}"` },
    }),
  },
  ({ presented }) => contractDocument(presented.session.contractId),
);
