import { contractDocumentDownload } from '#shared/documents/signed-original.ts';
import { pdfReply } from '#shared/http/pdf-reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-document', { reply: pdfReply }, ({ id }) => contractDocumentDownload(id));
