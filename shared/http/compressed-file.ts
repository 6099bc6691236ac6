import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Reply } from './reply.ts';

/**
 * A file a static route serves, read once per execution environment and, since
 * API Gateway does not compress, gzipped once: on the first request that
 * accepts gzip, so a cold start that serves another client neither loads zlib
 * nor compresses.
 */
export const compressedFile = (read: () => Promise<Buffer | string>) => {
  let plain: Promise<Buffer | string> | undefined;
  let plainText: Promise<string> | undefined;
  let gzipped: Promise<Buffer> | undefined;
  const plainContent = () => {
    plain ??= read();
    return plain;
  };
  // A compressible file is text: sent uncompressed it goes out as a string, which spares
  // encoding it in base64 on the way out (and the client a third more bytes).
  const plainTextContent = () => {
    plainText ??= plainContent().then((content) => content.toString());
    return plainText;
  };
  const gzippedContent = () => {
    gzipped ??= Promise.all([plainContent(), import('node:zlib')]).then(([content, { gzipSync }]) => gzipSync(content));
    return gzipped;
  };
  /** The file as the request's client takes it: gzipped if it accepts gzip and `compressible`. */
  return async (
    event: APIGatewayProxyEventV2,
    {
      contentType,
      cacheControl,
      compressible = true,
    }: { contentType: string; cacheControl: string; compressible?: boolean },
  ): Promise<Reply> => {
    const gzip = compressible && /\bgzip\b/.test(event.headers['accept-encoding'] ?? '');
    return {
      status: 200,
      raw: {
        contentType,
        content: gzip ? await gzippedContent() : compressible ? await plainTextContent() : await plainContent(),
      },
      headers: {
        'cache-control': cacheControl,
        vary: 'accept-encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      },
    };
  };
};
