import { areaTexts, type GermanTexts } from '../messages/index.ts';

/**
 * The services area's own texts: English, the area's language, and German for a complete catalogue.
 * The German entries have exactly the English keys, each with the same parameters.
 */
export const en = {
  wholeMinutes: 'Must be a whole number of minutes',
} as const;

export const de = {
  wholeMinutes: 'Muss eine ganze Zahl von Minuten sein',
} as const satisfies GermanTexts<typeof en>;

export const serviceTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);
