import type { Reply } from './reply.ts';

/** A PDF as a download; a stored one carries its SHA-256 as its ETag, a draft (rendered anew) none. */
export const pdfReply = ({ fileName, pdf, sha256 }: { fileName: string; pdf: Uint8Array; sha256?: string }): Reply => ({
  status: 200,
  raw: { contentType: 'application/pdf', content: Buffer.from(pdf) },
  headers: {
    'content-disposition': `attachment; filename="${fileName}"`,
    ...(sha256 ? { etag: `"sha256:${sha256}"` } : {}),
  },
});
