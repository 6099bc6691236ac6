import type { en } from './en.ts';

/**
 * Every text a response carries, in German: the language of the contracts
 * area (docs/architecture.md, "Language of responses"). Exactly the keys of `en.ts`, each with the same
 * parameters. Wording: „Body“, never „Körper“; „Stornierung“ withdraws a
 * pending offer, „Kündigung“ ends a signed contract (docs/decisions.md, "Contract term" and "Termination"); laws are
 * cited as „§ 309 Nr. 9 Buchst. a BGB“.
 */
export type GermanCatalogue = {
  readonly [Key in keyof typeof en]: (typeof en)[Key] extends (...params: infer Params) => string
    ? (...params: Params) => string
    : string;
};

const fieldsAre = (count: number) => (count === 1 ? '1 Feld ist' : `${count} Felder sind`);
const either = (options: readonly string[]) =>
  options.length < 2 ? options.join('') : `${options.slice(0, -1).join(', ')} oder ${options.at(-1)}`;
const noPng = 'Die Daten sind kein gültiges PNG';

export const de = {
  'title.validation-failed': 'Anfrage ist ungültig',
  'title.malformed-json': 'Der Body ist kein gültiges JSON',
  'title.invalid-cursor': 'Cursor ist ungültig',
  'title.signing-token-invalid': 'Der Unterschriftslink ist ungültig, abgelaufen oder verbraucht',
  'title.forbidden': 'Für Ihre Rolle nicht erlaubt',
  'title.not-found': 'Ressource nicht gefunden',
  'title.route-not-found': 'Diese Route gibt es nicht',
  'title.conflict': 'Konflikt mit dem aktuellen Zustand',
  'title.email-taken': 'E-Mail-Adresse wird bereits verwendet',
  'title.contact-has-contracts': 'Kontakt hat noch Verträge',
  'title.precondition-failed': 'If-Match entspricht nicht der aktuellen Version',
  'title.request-in-progress': 'Eine Anfrage mit diesem Idempotency-Key läuft noch',
  'title.idempotency-key-reused': 'Dieser Idempotency-Key wurde mit einem anderen Body verwendet',
  'title.payload-too-large': 'Der Body ist zu groß',
  'title.unsupported-media-type': 'Der Body muss application/json sein',
  'title.unprocessable': 'Anfrage verweist auf etwas Unbrauchbares',
  'title.studio-profile-missing': 'Das Studioprofil fehlt noch',
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

  'data.notFound.contact': 'Kein Kontakt hat diese ID',
  'data.notFound.service': 'Keine Leistung hat diese ID',
  'data.notFound.contract': 'Kein Vertrag hat diese ID',
  'data.notFound.studio': 'Es gibt noch kein Studioprofil (PUT /api/studio)',
  'data.notFound.webhook': 'Kein Webhook hat diese ID',
  'data.recordChanged': 'Der Datensatz wurde von einer anderen Anfrage geändert',
  'data.currentVersion': (version) => `Die aktuelle Version ist ${version}`,
  'data.cursorOfOtherList': 'Verwenden Sie den nextCursor der vorigen Seite derselben Liste',
  'data.notACursorOfThisList': 'Kein Cursor dieser Liste',
  'data.concurrentChange': 'Gleichzeitige Anfragen haben dieselben Daten geändert; bitte erneut versuchen',
  'data.claimTakenOver': 'Eine Wiederholung mit diesem Idempotency-Key hat die Anfrage übernommen',
  'data.databaseUnavailable': 'Die Datenbank ist nicht erreichbar; bitte gleich erneut versuchen',
  'data.unexpected': 'Ein unerwarteter Fehler ist aufgetreten; nennen Sie bei einer Meldung die Anfrage-ID',

  'contacts.phone': 'Muss aus 3 bis 32 Ziffern, Leerzeichen oder + - ( ) / bestehen',
  'contacts.emailTaken': 'Ein anderer Kontakt hat bereits diese E-Mail-Adresse',
  'contacts.emailUsedByAnotherContact': 'Bereits von einem anderen Kontakt verwendet',
  'contacts.hasContracts': 'Verträge verweisen auf diesen Kontakt; sie werden für ihre Aufbewahrungsfrist behalten',
  'services.wholeMinutes': 'Muss eine ganze Zahl von Minuten sein',
  'studio.httpsUrl': 'Muss eine https-URL sein',
  'studio.timeZone': 'Muss der Name einer IANA-Zeitzone sein, etwa Europe/Berlin',

  'webhooks.typesList': 'Muss eine Liste von Ereignistypen sein',
  'webhooks.typesAtLeastOne': 'Muss mindestens einen Ereignistyp nennen oder "*"',
  'webhooks.typesAtMost': (max) => `Darf höchstens ${max} Einträge haben`,
  'webhooks.typeTwice': 'Darf keinen Typ zweimal nennen',
  'webhooks.wildcardAlone': '"*" muss allein stehen: es bedeutet jeden Typ',
  'webhooks.url.tooLong': (max) => `url darf höchstens ${max} Zeichen lang sein`,
  'webhooks.url.notAbsolute': 'url muss eine absolute URL sein',
  'webhooks.url.credentials': 'url darf keinen Benutzernamen und kein Passwort enthalten',
  'webhooks.url.httpsOrLocal': 'url muss https verwenden (oder http zu 127.0.0.1 oder localhost)',
  'webhooks.url.https': 'url muss https verwenden',
  'webhooks.url.unresolvable': (host) => `Der Host ${host} der url ließ sich nicht auflösen`,
  'webhooks.url.notPublic': (range, address) => `url darf auf keine Adresse im Bereich ${range} zeigen (${address})`,
  'events.objectPrefixOfType': 'data.object muss das Präfix von type sein',

  'contracts.mustBeList': 'Muss eine Liste sein',
  'contracts.atLeastOneItem': 'Mindestens eine Position',
  'contracts.atMostItems': (max) => `Höchstens ${max} Positionen`,
  'contracts.notAfter': (date) => `Darf nicht nach dem ${date} liegen`,
  'contracts.minimumTermMonths': 'Muss eine ganze Zahl von 0 bis 24 sein (§ 309 Nr. 9 Buchst. a BGB)',
  'contracts.noticePeriodTooLong': (max, unit) =>
    `Höchstens ${max} ${{ day: 'Tage', week: 'Wochen', month: 'Monat' }[unit]}: die Kündigungsfrist darf nie länger als einen Monat sein (§ 309 Nr. 9 Buchst. c BGB)`,
  'contracts.renewalNoneNeedsMinimumTerm':
    'none verlangt eine Mindestlaufzeit (minimumTermMonths) von mindestens 1 Monat: der Vertrag endet dann mit ihr',
  'contracts.documentHashFormat': 'Muss sha256:<64 Hex-Zeichen> sein',
  'contracts.consentRequired': 'Muss true sein: die Zustimmung ist Pflicht',
  'contracts.requiredForExtraordinary': 'Pflichtfeld bei einer außerordentlichen Kündigung (§ 314 BGB)',
  'contracts.contactNotFound': 'Kontakt nicht gefunden',
  'contracts.noCopyAddress': 'Der Vertrag nennt keine E-Mail-Adresse; geben Sie die Adresse in to an',
  'contracts.copyAddressRequired': 'Pflichtfeld: der Kontakt hat keine E-Mail-Adresse',
  'contracts.unknownContact': 'Unbekannter Kontakt',
  'contracts.studioProfileFirst':
    'Legen Sie zuerst das Studioprofil an (PUT /api/studio): jeder Vertrag nennt das Studio als Vertragspartei',
  'contracts.serviceNotFound': 'Leistung nicht gefunden',
  'contracts.unknownService': 'Unbekannte Leistung',
  'contracts.serviceNoLongerOffered': 'Leistung wird nicht mehr angeboten',
  'contracts.serviceInactive': 'Leistung ist inaktiv',
  'contracts.oneCurrency': 'Alle Positionen müssen dieselbe Währung haben',
  'contracts.mixedCurrencies': (currencies) => `Gemischte Währungen: ${currencies.join(', ')}`,
  'contracts.alreadyCancelled': 'Der Vertrag ist bereits storniert',
  'contracts.signedNotCancellable': (id) =>
    `Ein unterschriebener Vertrag kann nicht storniert werden; kündigen Sie ihn stattdessen (POST /api/contracts/${id}/termination)`,
  'contracts.pendingNotTerminable': (id) =>
    `Ein noch nicht unterschriebener Vertrag kann nicht gekündigt werden; stornieren Sie ihn stattdessen (POST /api/contracts/${id}/cancellation)`,
  'contracts.cancelledNotTerminable': 'Ein stornierter Vertrag kann nicht gekündigt werden',
  'contracts.alreadyTerminated': (endsOn) => `Der Vertrag ist bereits gekündigt (zum ${endsOn})`,
  'contracts.ended': (endsOn) => `Der Vertrag ist am ${endsOn} beendet`,
  'contracts.endsByItself': (endsOn) =>
    `Der Vertrag endet von selbst am ${endsOn} (renewal: none); eine ordentliche Kündigung ist nicht nötig`,
  'contracts.endBeforeReceipt': (receivedOn) => `Darf nicht vor dem Eingang der Kündigung (${receivedOn}) liegen`,
  'contracts.endBeforeReceiptDetail': 'Das Vertragsende liegt vor dem Eingang der Kündigung',
  'contracts.endTooEarly': (earliest, receivedOn) =>
    `Frühestens ${earliest}: so wirkt eine am ${receivedOn} eingegangene Kündigung (Mindestlaufzeit und Kündigungsfrist)`,
  'contracts.endTooEarlyDetail': (earliest) => `Die Kündigung kann den Vertrag frühestens zum ${earliest} beenden`,
  'contracts.receivedInFuture': (today) => `Darf nicht in der Zukunft liegen (heute ist ${today})`,
  'contracts.receivedInFutureDetail': 'Der Eingangstag liegt in der Zukunft',
  'contracts.receivedBeforeSigning': (signedOn) => `Darf nicht vor dem Tag der Unterschrift (${signedOn}) liegen`,
  'contracts.receivedBeforeSigningDetail': 'Der Eingangstag liegt vor dem Vertragsschluss',
  'contracts.notTerminated': 'Der Vertrag ist nicht gekündigt; es gibt keine Kündigung zurückzunehmen',
  'contracts.terminationTookEffect': (endsOn) =>
    `Die Kündigung hat den Vertrag zum ${endsOn} beendet; zurücknehmen lässt sie sich nur vor diesem Tag`,
  'contracts.endAfterYear9999': 'Das Vertragsende läge nach dem Jahr 9999',
  'contracts.endAfterYear9999Field': 'Zu spät: das Vertragsende läge nach dem Jahr 9999',
  'contracts.roleAlreadySigned': 'Für diese Rolle liegt bereits eine Unterschrift vor',
  'contracts.alreadySigned': 'Bereits unterschrieben',
  'contracts.cancelledNotSignable': 'Ein stornierter Vertrag kann nicht unterschrieben werden',
  'contracts.terminatedNotSignable': 'Ein gekündigter Vertrag kann nicht mehr unterschrieben werden',
  'contracts.endedNotSignable': (endsOn) =>
    `Der Vertrag ist am ${endsOn} beendet und kann nicht mehr unterschrieben werden`,
  'contracts.documentHashMismatch': 'Der Dokument-Hash entspricht nicht dem Vertrag',
  'contracts.contractHasHash': (hash) => `Der Vertrag hat ${hash}`,

  'signatureImage.invalid': 'Die Unterschrift ist kein gültiges Bild',
  'signatureImage.not-a-data-url': 'Muss eine data:image/png;base64- oder data:image/svg+xml;base64-URL sein',
  'signatureImage.empty': 'Das Bild ist leer',
  'signatureImage.too-large': 'Das Bild ist größer als 100 KiB',
  'signatureImage.png-signature': 'Die Daten sind kein gültiges PNG: die PNG-Signatur fehlt',
  'signatureImage.png-truncated': 'Die Daten sind kein gültiges PNG: ein Chunk ist abgeschnitten',
  'signatureImage.png-chunk-type': 'Die Daten sind kein gültiges PNG: ein Chunk hat einen ungültigen Typ',
  'signatureImage.png-crc': (chunk) => `${noPng}: die Prüfsumme (CRC) des Chunks ${chunk} stimmt nicht`,
  'signatureImage.png-header': 'Die Daten sind kein gültiges PNG: der IHDR-Chunk fehlt am Anfang oder ist ungültig',
  'signatureImage.png-dimensions': (max, size) =>
    `Das PNG muss zwischen 1 × 1 und ${max} × ${max} Pixel groß sein, nicht ${size}`,
  'signatureImage.png-chunk-order': (chunk) =>
    `${noPng}: der Chunk ${chunk} ist ungültig oder steht an der falschen Stelle`,
  'signatureImage.png-unknown-critical-chunk': (chunk) => `${noPng}: unbekannter kritischer Chunk ${chunk}`,
  'signatureImage.png-after-end': (count) => `${noPng}: nach dem IEND-Chunk folgen noch ${count} Bytes`,
  'signatureImage.png-no-end': 'Die Daten sind kein gültiges PNG: der IEND-Chunk am Ende fehlt',
  'signatureImage.svg-encoding': (declared) =>
    declared ? `Das SVG muss in UTF-8 kodiert sein, nicht ${declared}` : 'Das SVG ist kein gültiges UTF-8',
  'signatureImage.svg-malformed': (position) => `Das SVG ist kein wohlgeformtes XML (Fehler bei Zeichen ${position})`,
  'signatureImage.svg-doctype': 'Das SVG darf keine DOCTYPE-Deklaration enthalten',
  'signatureImage.svg-processing-instruction':
    'Das SVG darf außer der XML-Deklaration keine Verarbeitungsanweisungen enthalten',
  'signatureImage.svg-cdata': 'Das SVG darf keine CDATA-Abschnitte enthalten',
  'signatureImage.svg-entity': (reference) => `Das SVG darf keine Entities verwenden: ${reference}`,
  'signatureImage.svg-too-deep': (maxDepth) => `Das SVG ist tiefer als ${maxDepth} Ebenen verschachtelt`,
  'signatureImage.svg-root': (name) =>
    `Das Wurzelelement muss <svg xmlns="http://www.w3.org/2000/svg"> sein, nicht ${name}`,
  'signatureImage.svg-namespace': (namespace) => `Das SVG enthält einen nicht erlaubten Namensraum: ${namespace}`,
  'signatureImage.svg-element': (name) => `Das SVG enthält ein nicht erlaubtes Element: ${name}`,
  'signatureImage.svg-attribute': (name) => `Das SVG enthält ein nicht erlaubtes Attribut: ${name}`,
  'signatureImage.svg-attribute-value': (name) => `Das Attribut ${name} enthält einen nicht erlaubten Wert`,
  'signatureImage.svg-text': (name) => `Das Element ${name} darf keinen Text enthalten`,
  'signing.linkInvalid':
    'Dieser Link ist ungültig, abgelaufen oder schon verwendet. Bitte lassen Sie sich vom Studio einen neuen Link geben.',
  'signing.contractNotPending': 'Nur ein noch nicht unterschriebener Vertrag (pending) kann unterschrieben werden',
  'signing.documentHashMismatch': 'Der Dokument-Hash entspricht nicht dem Vertrag dieses Links',
  'signing.noSuchFile': 'Diese Datei gehört nicht zur Unterschriftsseite',
} as const satisfies GermanCatalogue;
