import type { en } from './en.ts';
import type { GermanTexts } from './index.ts';

/**
 * The texts every area's responses share, in German: the language of the contracts area (docs/architecture.md,
 * "Language of responses"). Exactly the keys of `en.ts`, each with the same parameters. Wording, here and in the
 * areas' own texts: „Body“, never „Körper“; „Stornierung“ withdraws a pending offer, „Kündigung“ ends a signed
 * contract (docs/decisions.md, "Contract term" and "Termination"); laws are cited as „§ 309 Nr. 9 Buchst. a BGB“.
 */

const fieldsAre = (count: number) => (count === 1 ? '1 Feld ist' : `${count} Felder sind`);
const either = (options: readonly string[]) =>
  options.length < 2 ? options.join('') : `${options.slice(0, -1).join(', ')} oder ${options.at(-1)}`;

export const de = {
  'title.validation-failed': 'Anfrage ist ungültig',
  'title.malformed-json': 'Der Body ist kein gültiges JSON',
  'title.invalid-cursor': 'Cursor ist ungültig',
  'title.signing-token-invalid': 'Der Unterschriftslink ist ungültig, abgelaufen oder verbraucht',
  'title.forbidden': 'Für Ihre Rolle nicht erlaubt',
  'title.not-found': 'Ressource nicht gefunden',
  'title.route-not-found': 'Diese Route gibt es nicht',
  'title.conflict': 'Konflikt mit dem aktuellen Zustand',
  'title.precondition-failed': 'If-Match entspricht nicht der aktuellen Version',
  'title.request-in-progress': 'Eine Anfrage mit diesem Idempotency-Key läuft noch',
  'title.idempotency-key-reused': 'Dieser Idempotency-Key wurde mit einem anderen Body verwendet',
  'title.payload-too-large': 'Der Body ist zu groß',
  'title.unsupported-media-type': 'Der Body muss application/json sein',
  'title.unprocessable': 'Anfrage verweist auf etwas Unbrauchbares',
  'title.service-unavailable': 'Dienst vorübergehend nicht verfügbar',
  'title.internal': 'Interner Serverfehler',

  'validation.invalidFields': (part, count) =>
    `${fieldsAre(count)} ${part === 'body' ? 'im Body' : 'in den Query-Parametern'} ungültig`,
  'validation.unknownField': 'Unbekanntes Feld',
  'validation.mustBeObject': 'Muss ein JSON-Objekt sein',
  'validation.invalidType': (expected) => `Ungültiger Typ: erwartet ${expected}`,
  'validation.invalidValue': 'Ungültiger Wert',

  'field.required': 'Pflichtfeld',
  'field.mustBeString': 'Muss eine Zeichenkette sein',
  'field.mustNotBeEmpty': 'Darf nicht leer sein',
  'field.tooLong': (limit) => `Höchstens ${limit} Zeichen`,
  'field.controlCharacters': 'Darf keine Steuerzeichen und keine Zeilenumbrüche enthalten',
  'field.controlCharactersButLineBreaks': 'Darf außer Zeilenumbrüchen und Tabulatoren keine Steuerzeichen enthalten',
  'field.bidiControls': 'Darf keine Steuerzeichen für die Schreibrichtung und keine unsichtbaren Leerzeichen enthalten',
  'field.emailLocalPartTooLong': 'Höchstens 64 Zeichen vor dem @',
  'field.email': 'Muss eine gültige E-Mail-Adresse sein',
  'field.mustBeDateString': 'Muss ein Datum (YYYY-MM-DD) sein',
  'field.dateFormat': 'Muss ein Datum im Format YYYY-MM-DD sein',
  'field.realCalendarDate': 'Muss ein echtes Kalenderdatum sein',
  'field.notInFuture': 'Darf nicht in der Zukunft liegen',
  'field.countryCode': 'Muss ein Ländercode nach ISO 3166-1 alpha-2 in Großbuchstaben sein',
  'field.currencyCode': 'Muss ein Währungscode nach ISO 4217 sein',
  'field.mustBeNumber': 'Muss eine Zahl sein',
  'field.mustBeInteger': 'Muss eine ganze Zahl sein',
  'field.amountInMinorUnits': 'Muss ein ganzzahliger Betrag in der kleinsten Einheit sein (z. B. Cent)',
  'field.notNegative': 'Darf nicht negativ sein',
  'field.atMost': (limit) => `Darf höchstens ${limit} sein`,
  'field.integerRange': (min, max) => `Muss eine ganze Zahl von ${min} bis ${max} sein`,
  'field.range': (min, max) => `Muss zwischen ${min} und ${max} liegen`,
  'field.oneOf': (options) => `Muss ${either(options)} sein`,
  'field.trueOrFalse': 'Muss true oder false sein',

  'http.bodyNotUtf8': 'Der Body ist kein UTF-8-Text',
  'http.sendJson': 'Senden Sie den Body als application/json',
  'http.noBody': 'Die Anfrage hat keinen Body; senden Sie ein JSON-Dokument',
  'http.unparsableJson': 'Der Body lässt sich nicht als JSON lesen',
  'http.bodyTooLarge': (bytes, limit) => `Der Body hat ${bytes} Bytes; erlaubt sind höchstens ${limit}`,
  'http.nestedTooDeeply': 'Der Body ist zu tief verschachtelt',
  'http.nestedTooDeeplyField': 'Zu tief verschachtelt',
  'http.idempotencyKeyInvalid': 'Der Header Idempotency-Key ist ungültig',
  'http.idempotencyKeyLength': 'Muss 1 bis 255 Zeichen lang sein',
  'http.requestInProgress':
    'Warten Sie, bis die erste Anfrage mit diesem Schlüssel fertig ist, und wiederholen Sie sie dann',
  'http.idempotencyKeyReused': 'Verwenden Sie für eine andere Anfrage einen neuen Idempotency-Key',
  'http.requiresRole': (roles) => `Erfordert die Rolle ${either(roles)}`,
  'http.noRecordWithId': 'Kein Datensatz hat diese ID',
  'http.noSuchRoute': (method, path) => `Die Route ${method} ${path} gibt es nicht`,
  'http.noSuchDocsFile': 'Diese Datei gehört nicht zur Dokumentationsseite',

  'data.recordChanged': 'Der Datensatz wurde von einer anderen Anfrage geändert',
  'data.currentVersion': (version) => `Die aktuelle Version ist ${version}`,
  'data.cursorOfOtherList': 'Verwenden Sie den nextCursor der vorigen Seite derselben Liste',
  'data.notACursorOfThisList': 'Kein Cursor dieser Liste',
  'data.concurrentChange': 'Gleichzeitige Anfragen haben dieselben Daten geändert; bitte erneut versuchen',
  'data.claimTakenOver': 'Eine Wiederholung mit diesem Idempotency-Key hat die Anfrage übernommen',
  'data.databaseUnavailable': 'Die Datenbank ist nicht erreichbar; bitte gleich erneut versuchen',
  'data.unexpected': 'Ein unerwarteter Fehler ist aufgetreten; nennen Sie bei einer Meldung die Anfrage-ID',
} as const satisfies GermanTexts<typeof en>;
