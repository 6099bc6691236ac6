/**
 * Every text a response carries, in English: the language of contacts,
 * services, studio and webhooks (docs/architecture.md, "Language of responses"). `de.ts` has the same keys.
 * An entry is a text, or a small function of what the text names.
 */

const fieldsAre = (count: number) => (count === 1 ? '1 field is' : `${count} fields are`);

export const en = {
  // Problem titles, one per problem code: the same for every occurrence of the code.
  'title.validation-failed': 'Request is invalid',
  'title.malformed-json': 'Request body is not valid JSON',
  'title.invalid-cursor': 'Cursor is invalid',
  'title.signing-token-invalid': 'The signing link is invalid, expired or used',
  'title.forbidden': 'Not allowed for your role',
  'title.not-found': 'Resource not found',
  'title.route-not-found': 'No such route',
  'title.conflict': 'Conflict with the current state',
  'title.email-taken': 'Email address is already in use',
  'title.contact-has-contracts': 'Contact still has contracts',
  'title.precondition-failed': 'If-Match does not match the current version',
  'title.request-in-progress': 'A request with this Idempotency-Key is still in progress',
  'title.idempotency-key-reused': 'This Idempotency-Key was used with another request body',
  'title.payload-too-large': 'Request body is too large',
  'title.unsupported-media-type': 'Request body must be application/json',
  'title.unprocessable': 'Request refers to something unusable',
  'title.studio-profile-missing': 'The studio profile has not been set yet',
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
  'data.notFound.contact': 'No contact has this id',
  'data.notFound.service': 'No service has this id',
  'data.notFound.contract': 'No contract has this id',
  'data.notFound.studio': 'The studio profile has not been set yet (PUT /api/studio)',
  'data.notFound.webhook': 'No webhook has this id',
  'data.recordChanged': 'The record was changed by another request',
  'data.currentVersion': (version: number) => `The current version is ${version}`,
  'data.cursorOfOtherList': 'Use the nextCursor of the previous page of the same list',
  'data.notACursorOfThisList': 'Not a cursor of this list',
  'data.concurrentChange': 'Concurrent requests changed the same data; retry the request',
  'data.claimTakenOver': 'A retry with this Idempotency-Key took the request over',
  'data.databaseUnavailable': 'The database is unavailable, try again shortly',
  'data.unexpected': 'An unexpected error occurred; quote the request id when reporting it',

  // Contacts and services.
  'contacts.phone': 'Must be 3 to 32 digits, spaces or + - ( ) /',
  'contacts.emailTaken': 'Another contact already has this email address',
  'contacts.emailUsedByAnotherContact': 'Already used by another contact',
  'contacts.hasContracts': 'Contracts refer to this contact; they are kept for their retention period',
  'services.wholeMinutes': 'Must be a whole number of minutes',
  'studio.httpsUrl': 'Must be an https URL',
  'studio.timeZone': 'Must be an IANA time zone name, such as Europe/Berlin',

  // Webhooks and events (shared/webhooks/, shared/events/).
  'webhooks.typesList': 'Must be a list of event types',
  'webhooks.typesAtLeastOne': 'Must name at least one event type, or "*"',
  'webhooks.typesAtMost': (max: number) => `Must have at most ${max} entries`,
  'webhooks.typeTwice': 'Must not name a type twice',
  'webhooks.wildcardAlone': '"*" stands alone: it means every type',
  'webhooks.url.tooLong': (max: number) => `url must be at most ${max} characters`,
  'webhooks.url.notAbsolute': 'url must be an absolute URL',
  'webhooks.url.credentials': 'url must not contain a user name or password',
  'webhooks.url.httpsOrLocal': 'url must use https (or http to 127.0.0.1 or localhost)',
  'webhooks.url.https': 'url must use https',
  'webhooks.url.unresolvable': (host: string) => `url's host ${host} could not be resolved`,
  'webhooks.url.notPublic': (range: string, address: string) =>
    `url must not point to ${/^[aeiou]/.test(range) ? 'an' : 'a'} ${range} address (${address})`,
  'events.objectPrefixOfType': 'data.object must be the prefix of type',

  // Contracts (docs/decisions.md, "Contract term" and "Termination"). Shown in German; English for a complete catalogue.
  'contracts.mustBeList': 'Must be a list',
  'contracts.atLeastOneItem': 'At least one item',
  'contracts.atMostItems': (max: number) => `At most ${max} items`,
  'contracts.notAfter': (date: string) => `Must not be after ${date}`,
  'contracts.minimumTermMonths': 'Must be an integer from 0 to 24 (§ 309 Nr. 9 Buchst. a BGB)',
  'contracts.noticePeriodTooLong': (max: number, unit: 'day' | 'week' | 'month') =>
    `At most ${max} ${{ day: 'days', week: 'weeks', month: 'month' }[unit]}: the notice period may never be longer than one month (§ 309 Nr. 9 Buchst. c BGB)`,
  'contracts.renewalNoneNeedsMinimumTerm':
    'none needs a minimum term (minimumTermMonths) of at least 1 month: the contract then ends with it',
  'contracts.documentHashFormat': 'Must be sha256:<64 hex characters>',
  'contracts.consentRequired': 'Must be true: consent is required',
  'contracts.requiredForExtraordinary': 'Required for an extraordinary termination (§ 314 BGB)',
  'contracts.contactNotFound': 'Contact not found',
  'contracts.noCopyAddress': 'The contract names no email address; send the address as to',
  'contracts.copyAddressRequired': 'Required: the contact has no email address',
  'contracts.unknownContact': 'Unknown contact',
  'contracts.studioProfileFirst':
    'Set up the studio profile first (PUT /api/studio): every contract names the studio as a party',
  'contracts.serviceNotFound': 'Service not found',
  'contracts.unknownService': 'Unknown service',
  'contracts.serviceNoLongerOffered': 'The service is no longer offered',
  'contracts.serviceInactive': 'Service is inactive',
  'contracts.oneCurrency': 'All items must have the same currency',
  'contracts.mixedCurrencies': (currencies: readonly string[]) => `Mixed currencies: ${currencies.join(', ')}`,
  'contracts.alreadyCancelled': 'The contract is already cancelled',
  'contracts.signedNotCancellable': (id: string) =>
    `A signed contract cannot be cancelled; terminate it instead (POST /api/contracts/${id}/termination)`,
  'contracts.pendingNotTerminable': (id: string) =>
    `A contract not yet signed cannot be terminated; cancel it instead (POST /api/contracts/${id}/cancellation)`,
  'contracts.cancelledNotTerminable': 'A cancelled contract cannot be terminated',
  'contracts.alreadyTerminated': (endsOn: string) => `The contract is already terminated (as of ${endsOn})`,
  'contracts.ended': (endsOn: string) => `The contract ended on ${endsOn}`,
  'contracts.endsByItself': (endsOn: string) =>
    `The contract ends by itself on ${endsOn} (renewal: none); an ordinary termination is not needed`,
  'contracts.endBeforeReceipt': (receivedOn: string) => `Must not be before the notice was received (${receivedOn})`,
  'contracts.endBeforeReceiptDetail': 'The end of the contract is before the notice was received',
  'contracts.endTooEarly': (earliest: string, receivedOn: string) =>
    `${earliest} at the earliest: that is what a notice received on ${receivedOn} achieves (minimum term and notice period)`,
  'contracts.endTooEarlyDetail': (earliest: string) =>
    `The termination can end the contract on ${earliest} at the earliest`,
  'contracts.receivedInFuture': (today: string) => `Must not be in the future (today is ${today})`,
  'contracts.receivedInFutureDetail': 'The day of receipt is in the future',
  'contracts.receivedBeforeSigning': (signedOn: string) => `Must not be before the day of signing (${signedOn})`,
  'contracts.receivedBeforeSigningDetail': 'The day of receipt is before the contract was concluded',
  'contracts.notTerminated': 'The contract is not terminated; there is no termination to withdraw',
  'contracts.terminationTookEffect': (endsOn: string) =>
    `The termination ended the contract on ${endsOn}; it can only be withdrawn before that day`,
  'contracts.endAfterYear9999': 'The end of the contract would be after the year 9999',
  'contracts.endAfterYear9999Field': 'Too late: the end of the contract would be after the year 9999',
  'contracts.roleAlreadySigned': 'There is already a signature for this role',
  'contracts.alreadySigned': 'Already signed',
  'contracts.cancelledNotSignable': 'A cancelled contract cannot be signed',
  'contracts.terminatedNotSignable': 'A terminated contract can no longer be signed',
  'contracts.endedNotSignable': (endsOn: string) => `The contract ended on ${endsOn} and can no longer be signed`,
  'contracts.documentHashMismatch': 'The document hash does not match the contract',
  'contracts.contractHasHash': (hash: string) => `The contract has ${hash}`,

  // Signature images (shared/signatures/parse-signature-image.ts): one text per reason of refusal.
  'signatureImage.invalid': 'The signature is not a valid image',
  'signatureImage.not-a-data-url': 'Must be a data:image/png;base64 or data:image/svg+xml;base64 URL',
  'signatureImage.empty': 'The image is empty',
  'signatureImage.too-large': 'The image is larger than 100 KiB',
  'signatureImage.png-signature': 'The data is not a valid PNG: the PNG signature is missing',
  'signatureImage.png-truncated': 'The data is not a valid PNG: a chunk is cut off',
  'signatureImage.png-chunk-type': 'The data is not a valid PNG: a chunk has an invalid type',
  'signatureImage.png-crc': (chunk: string) =>
    `The data is not a valid PNG: the checksum (CRC) of chunk ${chunk} is wrong`,
  'signatureImage.png-header': 'The data is not a valid PNG: the IHDR chunk is missing at the start or invalid',
  'signatureImage.png-dimensions': (max: number, size: string) =>
    `The PNG must be between 1 × 1 and ${max} × ${max} pixels, not ${size}`,
  'signatureImage.png-chunk-order': (chunk: string) =>
    `The data is not a valid PNG: chunk ${chunk} is invalid or in the wrong place`,
  'signatureImage.png-unknown-critical-chunk': (chunk: string) =>
    `The data is not a valid PNG: unknown critical chunk ${chunk}`,
  'signatureImage.png-after-end': (count: string) =>
    `The data is not a valid PNG: ${count} bytes follow the IEND chunk`,
  'signatureImage.png-no-end': 'The data is not a valid PNG: the IEND chunk at the end is missing',
  'signatureImage.svg-encoding': (declared: string) =>
    declared ? `The SVG must be encoded in UTF-8, not ${declared}` : 'The SVG is not valid UTF-8',
  'signatureImage.svg-malformed': (position: string) =>
    `The SVG is not well-formed XML (error at character ${position})`,
  'signatureImage.svg-doctype': 'The SVG must not contain a DOCTYPE declaration',
  'signatureImage.svg-processing-instruction':
    'The SVG must not contain processing instructions other than the XML declaration',
  'signatureImage.svg-cdata': 'The SVG must not contain CDATA sections',
  'signatureImage.svg-entity': (reference: string) => `The SVG must not use entities: ${reference}`,
  'signatureImage.svg-too-deep': (maxDepth: number) => `The SVG is nested deeper than ${maxDepth} levels`,
  'signatureImage.svg-root': (name: string) =>
    `The root element must be <svg xmlns="http://www.w3.org/2000/svg">, not ${name}`,
  'signatureImage.svg-namespace': (namespace: string) =>
    `The SVG contains a namespace that is not allowed: ${namespace}`,
  'signatureImage.svg-element': (name: string) => `The SVG contains an element that is not allowed: ${name}`,
  'signatureImage.svg-attribute': (name: string) => `The SVG contains an attribute that is not allowed: ${name}`,
  'signatureImage.svg-attribute-value': (name: string) => `The attribute ${name} contains a value that is not allowed`,
  'signatureImage.svg-text': (name: string) => `The element ${name} must not contain text`,
  'signing.linkInvalid': 'This link is invalid, expired or already used. Please ask the studio for a new link.',
  'signing.contractNotPending': 'Only a contract that is not signed yet (pending) can be signed',
  'signing.documentHashMismatch': 'The document hash does not match the contract of this link',
  'signing.noSuchFile': 'The signing page has no such file',
} as const;
