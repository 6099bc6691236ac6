import { NotFound } from '#shared/db/errors.ts';
import { storedDocumentDownload } from '#shared/documents/stored-document-download.ts';
import { isWellFormedId } from '#shared/http/ids.ts';
import { pdfReply } from '#shared/http/pdf-reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('documents-get', { reply: pdfReply }, async ({ id, event }) => {
  const documentId = event.pathParameters?.documentId ?? '';
  // A malformed id cannot name a document, so it is answered like an unknown one.
  if (!isWellFormedId(documentId)) throw new NotFound('document');
  return storedDocumentDownload(id, documentId);
});
