/**
 * Takes the place of `node:stream/web` in every bundle (`bundleSubstitutes` in
 * infra/bundling.ts). middy imports it only to recognise a streamed response
 * (`instanceof ReadableStream`), which our functions never return, and loading
 * it sets up Node's whole web streams implementation: about 1 ms of every cold
 * start. The check still holds, against the global class, read when it is made.
 */
export const ReadableStream = {
  [Symbol.hasInstance]: (value: unknown): boolean => value instanceof globalThis.ReadableStream,
} as unknown as typeof globalThis.ReadableStream;
