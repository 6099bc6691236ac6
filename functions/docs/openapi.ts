import { publicCaller } from '#shared/http/caller-kinds.ts';
import { compressedFile } from '#shared/http/compressed-file.ts';
import { route } from '#shared/http/route.ts';
import { readRouteFile } from '#shared/route-files.ts';
import { openApiDocumentFile } from '#shared/routes.ts';

// The document is generated from the schemas by `docs/openapi/` before the function runs: in AWS at
// bundling time (it lies beside the bundle), locally by the host before the first request. The function
// only reads it, so it carries neither the schemas' prose nor the JSON Schema converter.
// Gzipped, 140 KB → 16 KB.
const openApiDocument = compressedFile(() => readRouteFile(openApiDocumentFile.path));

export const handler = route('docs-openapi', { caller: publicCaller }, ({ event }) =>
  openApiDocument(event, { contentType: 'application/json; charset=utf-8', cacheControl: 'public, max-age=300' }),
);
