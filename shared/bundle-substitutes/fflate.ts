import { deflateSync, inflateRawSync, inflateSync as inflateZlibSync } from 'node:zlib';

/**
 * What the PDF library calls of `fflate` (its pure-JavaScript zlib), done by
 * Node's own zlib instead: the document functions' bundles take this module
 * in fflate's place (`bundleSubstitutes` in infra/bundling.ts). On a cold
 * start the JavaScript deflate of the font and page streams and the inflate
 * of a PNG signature run unoptimised, about 30 ms of the first copy; native
 * zlib does the same work in a few. The streams are standard zlib either way.
 *
 * Each result is copied into a Uint8Array of its own: a Buffer may be a view
 * into a larger pool, which code that reads `.buffer` would misread.
 */
const own = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

/** A zlib stream (RFC 1950), fflate's default level 6 unless told. */
export const zlibSync = (data: Uint8Array, options?: { level?: number }): Uint8Array =>
  own(deflateSync(data, { level: options?.level ?? 6 }));

/** Inflates a zlib stream (RFC 1950). */
export const unzlibSync = (data: Uint8Array): Uint8Array => own(inflateZlibSync(data));

/** Inflates raw DEFLATE (RFC 1951): PNG's Apple variant (CgBI) stores its data so. */
export const inflateSync = (data: Uint8Array): Uint8Array => own(inflateRawSync(data));
