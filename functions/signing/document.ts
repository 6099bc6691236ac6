import { contractDocumentDownload } from '#shared/documents/signed-original.ts';
import type { DownloadedDocument } from '#shared/documents/stored-document-download.ts';
import { route } from '#shared/http/route.ts';
import { signingToken } from '#shared/signing/signing-token.ts';

export const handler = route(
  'signing-document',
  {
    // Only a token that has just signed: the copy of what its holder signed, for 15 minutes; the stored
    // original once the contract is signed, a draft while other signatures are missing.
    caller: signingToken(['signed']),
    reply: ({ fileName, pdf }: DownloadedDocument) => ({
      status: 200,
      raw: { contentType: 'application/pdf', content: Buffer.from(pdf) },
      headers: { 'content-disposition': `attachment; filename="${fileName}"` },
    }),
  },
  ({ presented }) => contractDocumentDownload(presented.session.contractId),
);
