import { amendmentDocumentDownload } from '#shared/documents/amendment-documents.ts';
import { contractDocumentDownload } from '#shared/documents/signed-original.ts';
import type { DownloadedDocument } from '#shared/documents/stored-document-download.ts';
import { route } from '#shared/http/route.ts';
import { signingToken } from '#shared/signing/signing-token.ts';

export const handler = route(
  'signing-document',
  {
    // Only a token that has just signed: the copy of what its holder signed, for 15 minutes; the stored
    // original once the contract is signed, a draft while other signatures are missing; for an amendment's
    // session the agreement it agreed to (a declined one has none: 409).
    caller: signingToken(['signed']),
    reply: ({ fileName, pdf }: DownloadedDocument) => ({
      status: 200,
      raw: { contentType: 'application/pdf', content: Buffer.from(pdf) },
      headers: { 'content-disposition': `attachment; filename="${fileName}"` },
    }),
  },
  ({ presented: { session } }) =>
    session.amendmentId
      ? amendmentDocumentDownload(session.contractId, session.amendmentId)
      : contractDocumentDownload(session.contractId),
);
