import { amendmentIdOf } from '#shared/contracts/amendments/amendment-id.ts';
import { amendmentDocumentDownload } from '#shared/documents/amendment-documents.ts';
import { pdfReply } from '#shared/http/pdf-reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-amendment-document', { reply: pdfReply }, ({ id, event }) =>
  amendmentDocumentDownload(id, amendmentIdOf(event)),
);
