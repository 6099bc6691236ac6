/** The introduction of the document: the conventions every area follows (API.md §1, §5) and our decisions. */
export const apiDescription = `The back office of a studio (fitness, yoga, dance, tattoo, photo …): its customers (**contacts**), what it sells (**services**) and **contracts** that customers sign digitally. Contacts and services are documented in English; the contracts area is documented in German (*Verträge*). Field names and enum values are English everywhere.

## Conventions
- **Media type**: requests and responses are \`application/json; charset=utf-8\`; errors are \`application/problem+json\` (RFC 9457) with one entry per invalid field in \`errors\`.
- **Ids** are ULIDs assigned by the server: opaque, 26 characters, sorting by creation. A malformed or unknown id is a 404.
- **Timestamps** are RFC 3339 UTC with milliseconds, set by the server; **dates** are \`YYYY-MM-DD\` and real calendar dates.
- **Money** is \`{ "amount": <integer minor units>, "currency": "EUR" }\` (ISO 4217), never a float.
- **Strings** are trimmed; an optional string that is blank after trimming counts as absent, and absent optional fields are \`null\` in records. **Unknown fields** and unknown query parameters are a 400.
- **Versions**: every record has \`version\` (1 on create, +1 on each change), and record responses carry it as \`ETag: "<version>"\`. \`PUT\` and \`DELETE\` honour \`If-Match\`: a stale one is a 412 and changes nothing.
- **Create** answers 201 with the record and \`Location\`; **delete** answers 204 without a body.
- **Retries**: every \`POST\` takes an \`Idempotency-Key\`; a repeat with the same body gets the first answer again with \`Idempotent-Replayed: true\`.
- **Lists** answer \`{ "items": [...], "nextCursor": "…" | null }\`; \`limit\` is 1–100 (default 25) and \`cursor\` is the previous page's \`nextCursor\`. Every page is one query on an index, never a table scan.
- **Bodies** over 1 MiB are a 413, a body that is not JSON a 415 or 400. A database that cannot be reached is a 503 with \`Retry-After\`.
- Every response of the API carries \`X-Request-Id\`; quote it when you report a problem.

## Access
Every route but this documentation needs \`Authorization: Bearer <JWT>\`: a token of the stack's Cognito user pool, whose \`cognito:groups\` claim names the roles. A missing or invalid token is refused by the API gateway itself with 401 and the gateway's own body (\`{"message":"Unauthorized"}\`); a valid token without the needed role gets a 403 problem. \`staff\` may read everything, create and update contacts, create and sign contracts; \`owner\` may also delete contacts, create and update services and cancel contracts.`;
