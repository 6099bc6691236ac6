import { areas } from '#shared/areas.ts';
import type { AreaRoute } from '#shared/routes.ts';

/** The routes staff may not call, a line per docs tag, from the list of areas: a new area's appear by themselves. */
const ownerOnlyRoutes = (): string => {
  const byTag = new Map<string, string[]>();
  for (const area of areas) {
    const ownerOnly = (area.routes as readonly AreaRoute[]).filter(
      ({ roles }) => roles !== 'public' && !(roles as readonly string[]).includes('staff'),
    );
    const named = byTag.get(area.docsTag.name) ?? [];
    named.push(...ownerOnly.map(({ method, path }) => `\`${method} ${path}\``));
    byTag.set(area.docsTag.name, named);
  }
  return [...byTag]
    .filter(([, named]) => named.length > 0)
    .map(([tag, named]) => `- ${tag}: ${named.join(', ')}`)
    .join('\n');
};

/**
 * The introduction of the document: the conventions every area follows and our decisions. Its lists of
 * routes (public, owner-only, POSTs without replays) are checked against the route table by
 * test/docs/docs-text.test.ts; the owner-only list is made from the list of areas, the other two are
 * kept by hand because each route in them needs its sentence.
 */
export const apiDescription = `The back office of a studio (fitness, yoga, dance, tattoo, photo …): its customers (**contacts**), what it sells (**services**) and **contracts** that customers sign digitally. The contracts area, signing included, is documented in German (*Verträge*); everything else in English. Field names and enum values are English everywhere.

## Conventions
- **Media type**: requests and responses are \`application/json; charset=utf-8\`; errors are \`application/problem+json\` (RFC 9457) with one entry per invalid field in \`errors\`.
- **Ids** are ULIDs assigned by the server: opaque, 26 characters, sorting by creation. A malformed or unknown id is a 404.
- **Timestamps** are RFC 3339 UTC with milliseconds, set by the server; **dates** are \`YYYY-MM-DD\` and real calendar dates.
- **Money** is \`{ "amount": <integer minor units>, "currency": "EUR" }\` (ISO 4217), never a float.
- **Strings** are trimmed; an optional string that is blank after trimming counts as absent, and absent optional fields are \`null\` in records. **Unknown fields** and unknown query parameters are a 400.
- **Versions**: every record has \`version\` (1 on create, +1 on each change), and record responses carry it as \`ETag: "<version>"\`. \`PUT\` and \`DELETE\` honour \`If-Match\`: a stale one is a 412 and changes nothing.
- **Create** answers 201 with the record and \`Location\`; **delete** answers 204 without a body.
- **Retries**: a \`POST\` takes an \`Idempotency-Key\`; a repeat with the same key and body gets the first answer again with \`Idempotent-Replayed: true\`, and the same key with another body is a 422. These POSTs take none, because their answer carries a secret the server does not keep: \`POST /api/contracts/{id}/signing-sessions\` (a repeat opens a new session and ends the previous one; only a session with \`channel: "remote"\`, whose answer holds no link, is replayed under a key, so that a repeat mails no second link) and \`POST /api/webhooks\` (a repeat creates a second webhook). On the signing page's API the key is scoped to the signing session.
- **Lists** answer \`{ "items": [...], "nextCursor": "…" | null }\`; \`limit\` is 1–100 (default 25) and \`cursor\` is the previous page's \`nextCursor\`. Every page is one query on an index, never a table scan.
- **Bodies** over 1 MiB are a 413, a body that is not JSON a 415 or 400. A database that cannot be reached is a 503 with \`Retry-After\`.
- Every response of the API carries \`X-Request-Id\`; quote it when you report a problem.

## Access
Every route needs \`Authorization: Bearer <JWT>\`, a token of the stack's Cognito user pool whose \`cognito:groups\` claim names the roles, except these public ones:
- this documentation: \`GET /api/openapi.json\`, \`GET /api/docs\`, \`GET /api/docs/{asset}\`;
- the signing page: \`GET /api/sign\`, \`GET /api/sign/{asset}\`;
- the signing page's API, which takes the one-time link's token as \`Authorization: Signing <token>\` instead: \`GET /api/signing\`, \`POST /api/signing\`, \`POST /api/signing/mandate\`, \`POST /api/signing/amendment\`, \`POST /api/signing/amendment/decline\`, \`GET /api/signing/document\`.
- the customer's buttons „Verträge hier kündigen“ and „Vertrag widerrufen“ (§ 312k, § 356a BGB), limited per client: \`GET /api/kuendigen\`, \`GET /api/widerrufen\`, \`GET /api/erklaerung/{asset}\`, \`POST /api/public/terminations\`, \`POST /api/public/withdrawals\`.

A missing or invalid JWT is refused by the API gateway itself with 401 and the gateway's own body (\`{"message":"Unauthorized"}\`); a valid token without the needed role gets a 403 problem.

\`staff\` and \`owner\` may call every other route, except these, which only \`owner\` may call:
${ownerOnlyRoutes()}`;
