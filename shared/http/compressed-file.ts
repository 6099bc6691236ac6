import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Reply } from './reply.ts';

/**
 * How much the client wants each content coding (RFC 9110 §12.5.3): `q` from 0
 * to 1, 1 when not given; `*` stands for every coding not named, and
 * `identity` is acceptable unless excluded by name or by `*;q=0`.
 */
const codingWeights = (header: string) => {
  const weights = new Map<string, number>();
  for (const element of header.split(',')) {
    const [coding = '', ...parameters] = element.split(';').map((part) => part.trim().toLowerCase());
    if (!coding) continue;
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter));
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
    weights.set(coding, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*');
  return { gzip: weightOf('gzip') ?? 0, identity: weightOf('identity') ?? 1 };
};

/** Gzip when the client takes it at least as gladly as the plain file: it is the smaller answer. */
export const prefersGzip = (acceptEncoding: string | undefined): boolean => {
  const { gzip, identity } = codingWeights(acceptEncoding ?? '');
  return gzip > 0 && gzip >= identity;
};

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
    const gzip = compressible && prefersGzip(event.headers['accept-encoding']);
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
