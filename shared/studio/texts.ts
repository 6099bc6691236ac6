import { areaTexts, type GermanTexts } from '../messages/index.ts';

/**
 * The studio area's own texts: English, the area's language, and German for a complete catalogue.
 * The German entries have exactly the English keys, each with the same parameters.
 */
export const en = {
  httpsUrl: 'Must be an https URL',
  timeZone: 'Must be an IANA time zone name, such as Europe/Berlin',
} as const;

export const de = {
  httpsUrl: 'Muss eine https-URL sein',
  timeZone: 'Muss der Name einer IANA-Zeitzone sein, etwa Europe/Berlin',
} as const satisfies GermanTexts<typeof en>;

export const studioTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);
