import { type ContractDocument, contractDocument } from '#shared/contracts/contract-document.ts';
import { route } from '#shared/http/route.ts';
import { signingToken } from '#shared/signing/signing-token.ts';

export const handler = route(
  'signing-document',
  {
    // Only a token that has just signed: the copy of what its holder signed, for 15 minutes.
    caller: signingToken(['signed']),
    reply: ({ fileName, pdf }: ContractDocument) => ({
      status: 200,
      raw: { contentType: 'application/pdf', content: Buffer.from(pdf) },
      headers: { 'content-disposition': `attachment; filename="${fileName}"` },
    }),
  },
  ({ presented }) => contractDocument(presented.session.contractId),
);
