import { areaTexts, type GermanTexts } from '../messages/index.ts';

/**
 * The webhooks area's own texts (shared/webhooks/): English, the area's language, and German for a complete catalogue.
 * The German entries have exactly the English keys, each with the same parameters.
 */
export const en = {
  typesList: 'Must be a list of event types',
  typesAtLeastOne: 'Must name at least one event type, or "*"',
  typesAtMost: (max: number) => `Must have at most ${max} entries`,
  typeTwice: 'Must not name a type twice',
  wildcardAlone: '"*" stands alone: it means every type',
  'url.tooLong': (max: number) => `url must be at most ${max} characters`,
  'url.notAbsolute': 'url must be an absolute URL',
  'url.credentials': 'url must not contain a user name or password',
  'url.httpsOrLocal': 'url must use https (or http to 127.0.0.1 or localhost)',
  'url.https': 'url must use https',
  'url.unresolvable': (host: string) => `url's host ${host} could not be resolved`,
  'url.notPublic': (range: string, address: string) =>
    `url must not point to ${/^[aeiou]/.test(range) ? 'an' : 'a'} ${range} address (${address})`,
} as const;

export const de = {
  typesList: 'Muss eine Liste von Ereignistypen sein',
  typesAtLeastOne: 'Muss mindestens einen Ereignistyp nennen oder "*"',
  typesAtMost: (max) => `Darf höchstens ${max} Einträge haben`,
  typeTwice: 'Darf keinen Typ zweimal nennen',
  wildcardAlone: '"*" muss allein stehen: es bedeutet jeden Typ',
  'url.tooLong': (max) => `url darf höchstens ${max} Zeichen lang sein`,
  'url.notAbsolute': 'url muss eine absolute URL sein',
  'url.credentials': 'url darf keinen Benutzernamen und kein Passwort enthalten',
  'url.httpsOrLocal': 'url muss https verwenden (oder http zu 127.0.0.1 oder localhost)',
  'url.https': 'url muss https verwenden',
  'url.unresolvable': (host) => `Der Host ${host} der url ließ sich nicht auflösen`,
  'url.notPublic': (range, address) => `url darf auf keine Adresse im Bereich ${range} zeigen (${address})`,
} as const satisfies GermanTexts<typeof en>;

export const webhookTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);
