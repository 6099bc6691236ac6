/**
 * The texts every area's responses share, in English: the language of contacts, services, studio and webhooks
 * (docs/architecture.md, "Language of responses"). `de.ts` has the same keys. An area's own texts live in its
 * folder (`shared/<area>/texts.ts`), its not-found texts and problem titles in its `area.ts`.
 * An entry is a text, or a small function of what the text names.
 */

const fieldsAre = (count: number) => (count === 1 ? '1 field is' : `${count} fields are`);

export const en = {
  // Problem titles, one per common problem code (an area's own codes have theirs in its area.ts).
  'title.validation-failed': 'Request is invalid',
  'title.malformed-json': 'Request body is not valid JSON',
  'title.invalid-cursor': 'Cursor is invalid',
  'title.signing-token-invalid': 'The signing link is invalid, expired or used',
  'title.forbidden': 'Not allowed for your role',
  'title.not-found': 'Resource not found',
  'title.route-not-found': 'No such route',
  'title.conflict': 'Conflict with the current state',
  'title.precondition-failed': 'If-Match does not match the current version',
  'title.request-in-progress': 'A request with this Idempotency-Key is still in progress',
  'title.idempotency-key-reused': 'This Idempotency-Key was used with another request body',
  'title.payload-too-large': 'Request body is too large',
  'title.unsupported-media-type': 'Request body must be application/json',
  'title.unprocessable': 'Request refers to something unusable',
  'title.service-unavailable': 'Service temporarily unavailable',
  'title.internal': 'Internal server error',

  // Validation of a body or query against its schema (shared/http/validate.ts).
  'validation.invalidFields': (part: 'body' | 'query', count: number) =>
    `${fieldsAre(count)} invalid in the ${part === 'body' ? 'request body' : 'query'}`,
  'validation.unknownField': 'Unknown field',
  'validation.mustBeObject': 'Must be a JSON object',
  'validation.invalidType': (expected: string) => `Invalid type: expected ${expected}`,
  'validation.invalidValue': 'Invalid value',

  // Field rules shared by every area (shared/schema/).
  'field.required': 'Required',
  'field.mustBeString': 'Must be a string',
  'field.mustNotBeEmpty': 'Must not be empty',
  'field.tooLong': (limit: number) => `Must be at most ${limit} characters`,
  'field.controlCharacters': 'Must not contain control characters or line breaks',
  'field.controlCharactersButLineBreaks': 'Must not contain control characters other than line breaks and tabs',
  'field.bidiControls': 'Must not contain bidirectional controls or invisible spaces',
  'field.emailLocalPartTooLong': 'Must have at most 64 characters before the @',
  'field.email': 'Must be a valid email address',
  'field.mustBeDateString': 'Must be a date string',
  'field.dateFormat': 'Must be a date in the format YYYY-MM-DD',
  'field.realCalendarDate': 'Must be a real calendar date',
  'field.notInFuture': 'Must not be in the future',
  'field.countryCode': 'Must be an ISO 3166-1 alpha-2 country code in upper case',
  'field.currencyCode': 'Must be an ISO 4217 currency code',
  'field.mustBeNumber': 'Must be a number',
  'field.mustBeInteger': 'Must be an integer',
  'field.amountInMinorUnits': 'Must be an integer amount in minor units (e.g. cents)',
  'field.notNegative': 'Must not be negative',
  'field.atMost': (limit: number) => `Must be at most ${limit}`,
  'field.integerRange': (min: number, max: number) => `Must be an integer from ${min} to ${max}`,
  'field.range': (min: number, max: number) => `Must be from ${min} to ${max}`,
  'field.oneOf': (options: readonly string[]) => `Must be one of ${options.join(', ')}`,
  'field.trueOrFalse': 'Must be true or false',

  // The HTTP pipeline (shared/http/).
  'http.bodyNotUtf8': 'The request body is not UTF-8 text',
  'http.sendJson': 'Send the body as application/json',
  'http.noBody': 'The request has no body; send a JSON document',
  'http.unparsableJson': 'The request body could not be parsed as JSON',
  'http.bodyTooLarge': (bytes: number, limit: number) => `The body has ${bytes} bytes; the limit is ${limit}`,
  'http.nestedTooDeeply': 'The request body is nested too deeply',
  'http.nestedTooDeeplyField': 'Nested too deeply',
  'http.idempotencyKeyInvalid': 'The Idempotency-Key header is invalid',
  'http.idempotencyKeyLength': 'Must be 1 to 255 characters',
  'http.requestInProgress': 'Wait for the first request with this key to finish, then retry',
  'http.idempotencyKeyReused': 'Use a new Idempotency-Key for a different request',
  'http.requiresRole': (roles: readonly string[]) => `Requires the role ${roles.join(' or ')}`,
  'http.noRecordWithId': 'No record has this id',
  'http.noSuchRoute': (method: string, path: string) => `There is no route ${method} ${path}`,
  'http.noSuchDocsFile': 'The documentation page has no such file',

  // The data layer's errors (shared/http/problem-responses.ts).
  'data.recordChanged': 'The record was changed by another request',
  'data.currentVersion': (version: number) => `The current version is ${version}`,
  'data.cursorOfOtherList': 'Use the nextCursor of the previous page of the same list',
  'data.notACursorOfThisList': 'Not a cursor of this list',
  'data.concurrentChange': 'Concurrent requests changed the same data; retry the request',
  'data.claimTakenOver': 'A retry with this Idempotency-Key took the request over',
  'data.databaseUnavailable': 'The database is unavailable, try again shortly',
  'data.unexpected': 'An unexpected error occurred; quote the request id when reporting it',
} as const;
