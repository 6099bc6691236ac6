import type { Language } from '#shared/http/problem.ts';

/** What every operation shares, in both languages of the docs (contracts are documented in German). */
export interface CommonTexts {
  readonly id: string;
  readonly requestId: string;
  readonly etag: string;
  readonly location: string;
  readonly link: string;
  readonly retryAfter: string;
  readonly idempotentReplayed: string;
  readonly ifMatch: string;
  readonly idempotencyKey: string;
  readonly problemTypes: string;
  readonly status: { readonly [status: number]: string };
}

export const commonTexts: Record<Language, CommonTexts> = {
  en: {
    id: 'The record’s id, a ULID. A malformed or unknown id is a 404.',
    requestId: 'The id of this request; quote it when you report a problem.',
    etag: 'The record’s `version` as a strong entity tag (`"3"`). Send it back in `If-Match` to change exactly this version.',
    location: 'The path of the new record.',
    link: 'The next page where a body has no room for `nextCursor` (a CSV): `</api/…?limit=…&cursor=…>; rel="next"` (RFC 8288). Absent on the last page.',
    retryAfter: 'Seconds to wait before trying again.',
    idempotentReplayed:
      '`true` when this is the stored answer to an earlier request with the same `Idempotency-Key`; nothing was written again.',
    ifMatch:
      'Change only this version: `"<version>"` as the `ETag` gave it, a list of them, or `*`. A stale one is a 412 and changes nothing; weak tags (`W/"3"`) never match. Without it, a replace is applied to the current version.',
    idempotencyKey:
      'Makes a retry safe (1–255 characters, per caller, kept 24 hours): a repeat with the same body gets the first answer again with `Idempotent-Replayed: true` and writes nothing; the same key with another body is a 422, one still running a 409.',
    problemTypes: 'Problem types',
    status: {
      400: 'The request is invalid: malformed JSON, a field or query parameter that breaks its rules (one entry per field in `errors`), an unknown field or parameter, or a tampered cursor.',
      401: 'No or an invalid bearer token. Answered by the API gateway before the API runs, with the gateway’s own body.',
      403: 'The token is valid, but its groups lack a role this operation needs.',
      404: 'No record has this id (a malformed id included).',
      409: 'The request conflicts with the current state.',
      412: '`If-Match` does not match the current version; nothing was changed. The `ETag` header names the current one.',
      413: 'The body is larger than 1 MiB.',
      415: 'The body is not sent as `application/json`.',
      422: 'The body is valid but cannot be used.',
      429: 'Too many requests: the API gateway throttles the stage. Answered with the gateway’s own body.',
      500: 'An unexpected error. The body says nothing internal; quote the request id.',
      503: 'The database is unreachable or throttling after retries. Try again after `Retry-After` seconds.',
    },
  },
  de: {
    id: 'Die ID des Datensatzes, eine ULID. Eine fehlerhafte oder unbekannte ID ergibt 404.',
    requestId: 'Die ID dieser Anfrage; bitte bei Fehlermeldungen angeben.',
    etag: 'Die `version` des Datensatzes als starkes Entity-Tag (`"3"`).',
    location: 'Der Pfad des neuen Vertrags.',
    link: 'Die nächste Seite, wo ein Body keinen Platz für `nextCursor` hat (eine CSV-Datei): `</api/…?limit=…&cursor=…>; rel="next"` (RFC 8288). Fehlt auf der letzten Seite.',
    retryAfter: 'Sekunden bis zum nächsten Versuch.',
    idempotentReplayed:
      '`true`, wenn dies die gespeicherte Antwort auf eine frühere Anfrage mit demselben `Idempotency-Key` ist; es wurde nichts erneut geschrieben.',
    ifMatch: 'Nur diese Version ändern.',
    idempotencyKey:
      'Macht eine Wiederholung sicher (1–255 Zeichen, je Aufrufer, 24 Stunden aufbewahrt): Eine Wiederholung mit demselben Body erhält die erste Antwort erneut mit `Idempotent-Replayed: true` und schreibt nichts; derselbe Schlüssel mit anderem Body ergibt 422, ein noch laufender 409.',
    problemTypes: 'Problemtypen',
    status: {
      400: 'Die Anfrage ist ungültig: fehlerhaftes JSON, ein Feld oder Abfrageparameter, der seine Regeln verletzt (je Feld ein Eintrag in `errors`), ein unbekanntes Feld oder ein manipulierter Cursor.',
      401: 'Kein oder ein ungültiges Bearer-Token. Das API-Gateway antwortet, bevor die API läuft, mit seinem eigenen Body.',
      403: 'Das Token ist gültig, aber seinen Gruppen fehlt eine Rolle, die dieser Vorgang braucht.',
      404: 'Kein Vertrag hat diese ID (auch bei fehlerhafter ID).',
      409: 'Die Anfrage widerspricht dem aktuellen Zustand.',
      412: '`If-Match` entspricht nicht der aktuellen Version; nichts wurde geändert.',
      413: 'Der Anfragekörper ist größer als 1 MiB.',
      415: 'Der Anfragekörper wird nicht als `application/json` gesendet.',
      422: 'Der Anfragekörper ist gültig, verweist aber auf etwas Unbrauchbares.',
      429: 'Zu viele Anfragen: Das API-Gateway drosselt die Stage. Antwort mit dem eigenen Body des Gateways.',
      500: 'Ein unerwarteter Fehler. Der Body verrät nichts Internes; bitte die Anfrage-ID angeben.',
      503: 'Die Datenbank ist nicht erreichbar oder drosselt auch nach Wiederholungen. Nach `Retry-After` Sekunden erneut versuchen.',
    },
  },
};
