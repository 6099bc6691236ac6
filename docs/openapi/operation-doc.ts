import type * as v from 'valibot';
import type { ProblemCode } from '#shared/http/problem.ts';
import type { Component } from './components.ts';
import type { ObjectLike } from './describe.ts';

/** A response body: a component (a `$ref`) or a schema shown in place. */
export type Body = Component | v.GenericSchema;

/**
 * What the document says about one route, in its area's language. The
 * generator adds what follows from the route table itself: the path, the
 * bearer requirement, the tag, the `{id}` parameter and the problems every
 * route of its kind can answer (401/403/429 for protected routes, 404 for
 * `{id}`, 400/413/415 for bodies, 412 for `If-Match`, 503 for table access).
 */
export interface Success {
  readonly status: 200 | 201 | 202 | 204;
  readonly description: string;
  /** By media type; `application/json` unless said otherwise. */
  readonly content?: { readonly [mediaType: string]: Body };
  readonly headers?: readonly ('etag' | 'location' | 'link')[];
}

export interface OperationDoc {
  readonly summary: string;
  readonly description: string;
  /** The query schema the handler validates with, and what each parameter means. */
  readonly query?: { readonly schema: ObjectLike & v.GenericSchema; readonly fields: Readonly<Record<string, string>> };
  /** Path parameters other than `{id}`. */
  readonly path?: { readonly [name: string]: { readonly schema: v.GenericSchema; readonly text: string } };
  /** The request body, always `application/json`. */
  readonly body?: Component;
  readonly success: Success;
  /** A second success status of the same route (a PUT that creates answers 201, one that replaces 200). */
  readonly alsoSuccess?: Success;
  /** A public route whose function checks an `Authorization: Signing <token>` header instead (docs/walkthrough.md, "Signing at the counter"). */
  readonly signingToken?: true;
  /** Problems this route answers beyond those of every route of its kind. */
  readonly problems?: { readonly [status: number]: readonly ProblemCode[] };
}
