/**
 * The one error type of the API (RFC 9457 problem details). Anything that is
 * not a Problem becomes a generic 500 at the edge, so internals never leak.
 *
 * Each problem kind is a code with a fixed status and a title in both
 * languages of the published docs (contracts are documented in German).
 */
export type Language = 'en' | 'de';

const catalogue = {
  'validation-failed': { status: 400, en: 'Request is invalid', de: 'Anfrage ist ungültig' },
  'malformed-json': { status: 400, en: 'Request body is not valid JSON', de: 'Anfragekörper ist kein gültiges JSON' },
  'invalid-cursor': { status: 400, en: 'Cursor is invalid', de: 'Cursor ist ungültig' },
  'signing-token-invalid': {
    status: 401,
    en: 'The signing link is invalid, expired or used',
    de: 'Der Unterschriftslink ist ungültig, abgelaufen oder verbraucht',
  },
  forbidden: { status: 403, en: 'Not allowed for your role', de: 'Für Ihre Rolle nicht erlaubt' },
  'not-found': { status: 404, en: 'Resource not found', de: 'Ressource nicht gefunden' },
  'route-not-found': { status: 404, en: 'No such route', de: 'Diese Route gibt es nicht' },
  conflict: { status: 409, en: 'Conflict with the current state', de: 'Konflikt mit dem aktuellen Zustand' },
  'email-taken': { status: 409, en: 'Email address is already in use', de: 'E-Mail-Adresse wird bereits verwendet' },
  'contact-has-contracts': {
    status: 409,
    en: 'Contact still has contracts',
    de: 'Kontakt hat noch Verträge',
  },
  'precondition-failed': {
    status: 412,
    en: 'If-Match does not match the current version',
    de: 'If-Match entspricht nicht der aktuellen Version',
  },
  'request-in-progress': {
    status: 409,
    en: 'A request with this Idempotency-Key is still in progress',
    de: 'Eine Anfrage mit diesem Idempotency-Key läuft noch',
  },
  'idempotency-key-reused': {
    status: 422,
    en: 'This Idempotency-Key was used with another request body',
    de: 'Dieser Idempotency-Key wurde mit einem anderen Anfragekörper verwendet',
  },
  'payload-too-large': { status: 413, en: 'Request body is too large', de: 'Anfragekörper ist zu groß' },
  'unsupported-media-type': {
    status: 415,
    en: 'Request body must be application/json',
    de: 'Anfragekörper muss application/json sein',
  },
  unprocessable: {
    status: 422,
    en: 'Request refers to something unusable',
    de: 'Anfrage verweist auf etwas Unbrauchbares',
  },
  'studio-profile-missing': {
    status: 422,
    en: 'The studio profile has not been set yet',
    de: 'Das Studioprofil fehlt noch',
  },
  'service-unavailable': {
    status: 503,
    en: 'Service temporarily unavailable',
    de: 'Dienst vorübergehend nicht verfügbar',
  },
  internal: { status: 500, en: 'Internal server error', de: 'Interner Serverfehler' },
} as const satisfies Record<string, { status: number; en: string; de: string }>;

export type ProblemCode = keyof typeof catalogue;

export interface FieldError {
  path: string;
  message: string;
}

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: FieldError[];
}

export const problemTypeBase = 'https://studio.example/problems/';

export class Problem extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ProblemCode,
    detail?: string,
    extra: { errors?: FieldError[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(detail ?? catalogue[code].en, { cause: extra.cause });
    this.name = 'Problem';
    this.code = code;
    this.status = catalogue[code].status;
    this.errors = extra.errors;
    this.headers = extra.headers;
  }

  toDocument(language: Language): ProblemDocument {
    return {
      type: `${problemTypeBase}${this.code}`,
      title: catalogue[this.code][language],
      status: this.status,
      detail: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const problemCatalogue = catalogue;
