import { buildOpenApiDocument } from './document.ts';

// Run at bundling time (see `files` of docs-openapi in the route table): prints the document that the
// function then serves, so the function carries neither the schemas' prose nor the JSON Schema converter.
process.stdout.write(JSON.stringify(buildOpenApiDocument()));
