import { pdfReply } from '#shared/documents/pdf-reply.ts';
import { contractDocumentDownload } from '#shared/documents/signed-original.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('contracts-document', { reply: pdfReply }, ({ id }) => contractDocumentDownload(id));
