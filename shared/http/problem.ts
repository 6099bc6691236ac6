import type { areas } from '../areas.ts';
import {
  inLanguage,
  isMessageKey,
  type Language,
  type Localized,
  type PlainMessageKey,
  text,
} from '../messages/index.ts';
import { areaProblems } from './area-problems.ts';

/**
 * The one error type of the API (RFC 9457 problem details). Anything that is
 * not a Problem becomes a generic 500 at the edge, so internals never leak.
 *
 * Each problem kind is a code with a fixed status: the common ones here, with their titles in the message
 * catalogues (shared/messages/), and an area's own in its `area.ts` (`problemTypes`). Every text a problem
 * carries is written in the route's language only when the response is made.
 */
export type { Language, Localized } from '../messages/index.ts';

const commonStatuses = {
  'validation-failed': 400,
  'malformed-json': 400,
  'invalid-cursor': 400,
  'signing-token-invalid': 401,
  forbidden: 403,
  'not-found': 404,
  'route-not-found': 404,
  conflict: 409,
  'precondition-failed': 412,
  'request-in-progress': 409,
  'idempotency-key-reused': 422,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  unprocessable: 422,
  'service-unavailable': 503,
  internal: 500,
} as const;

type CommonProblemCode = keyof typeof commonStatuses;

/** The codes the areas declare (`problemTypes` in each `shared/<area>/area.ts`). */
type AreaProblemCode = (typeof areas)[number] extends infer Area
  ? Area extends { readonly problemTypes: infer Types }
    ? keyof Types & string
    : never
  : never;

export type ProblemCode = CommonProblemCode | AreaProblemCode;

const isCommon = (code: ProblemCode): code is CommonProblemCode => Object.hasOwn(commonStatuses, code);

const statusOf = (code: ProblemCode): number =>
  isCommon(code) ? commonStatuses[code] : (areaProblems.types[code]?.status ?? 500);

const titleOf = (code: ProblemCode, language: Language): string =>
  isCommon(code) ? text(language, `title.${code}`) : inLanguage(areaProblems.types[code]?.title ?? {}, language);

/**
 * A text of a problem: a key of the common catalogues that needs no parameters, or a text made with `localized`
 * (an area's own: `contractTexts.localized('alreadySigned')`, shared/<area>/texts.ts).
 */
export type Message = PlainMessageKey | Localized;

/** One invalid field, as the response names it. */
export interface FieldError {
  path: string;
  message: string;
}

/** One invalid field, as code reports it: the message is written in the response's language. */
export interface FieldProblem {
  path: string;
  message: Message;
}

/** Field errors whose messages only the language can make (valibot writes its issues' messages while it parses). */
export type LocalizedFieldErrors = (language: Language) => FieldError[];

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: FieldError[];
}

export const problemTypeBase = 'https://studio.example/problems/';

// A string that is no key is a literal of code not yet moved to the catalogues: it is shown as it is rather
// than failing the response (`tsc` refuses it, and test/http/messages.test.ts lists every such literal).
const write = (message: Message, language: Language): string => {
  if (typeof message === 'function') return message(language);
  return isMessageKey(message) ? text(language, message) : message;
};

export class Problem extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly headers: Record<string, string> | undefined;
  readonly #detail: Message | undefined;
  readonly #errors: LocalizedFieldErrors | undefined;

  constructor(
    code: ProblemCode,
    detail?: Message,
    extra: {
      errors?: readonly FieldProblem[] | LocalizedFieldErrors;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    // In English for the logs, which never see the response.
    super(detail === undefined ? titleOf(code, 'en') : write(detail, 'en'), { cause: extra.cause });
    this.name = 'Problem';
    this.code = code;
    this.status = statusOf(code);
    this.headers = extra.headers;
    this.#detail = detail;
    const { errors } = extra;
    this.#errors =
      typeof errors === 'function'
        ? errors
        : errors && ((language) => errors.map(({ path, message }) => ({ path, message: write(message, language) })));
  }

  toDocument(language: Language): ProblemDocument {
    return {
      type: `${problemTypeBase}${this.code}`,
      title: titleOf(this.code, language),
      status: this.status,
      detail: this.#detail === undefined ? titleOf(this.code, language) : write(this.#detail, language),
      ...(this.#errors ? { errors: this.#errors(language) } : {}),
    };
  }
}

const catalogueOfProblems = () =>
  Object.fromEntries(
    [...Object.keys(commonStatuses), ...Object.keys(areaProblems.types)].map((code) => [
      code,
      {
        status: statusOf(code as ProblemCode),
        en: titleOf(code as ProblemCode, 'en'),
        de: titleOf(code as ProblemCode, 'de'),
      },
    ]),
  ) as { readonly [Code in ProblemCode]: { status: number; en: string; de: string } };

/** Each code's status and its title in both languages, for the documentation of every problem a route answers. */
export const problemCatalogue = /* @__PURE__ */ catalogueOfProblems();
