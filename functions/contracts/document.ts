import { type ContractDocument, contractDocument } from '#shared/contracts/contract-document.ts';
import { route } from '#shared/http/route.ts';

const pdfReply = ({ fileName, pdf }: ContractDocument) => ({
  status: 200,
  raw: { contentType: 'application/pdf', content: Buffer.from(pdf) },
  headers: { 'content-disposition': `attachment; filename="${fileName}"` },
});

export const handler = route('contracts-document', { reply: pdfReply }, ({ id }) => contractDocument(id));
