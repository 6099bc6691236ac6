import { areaTexts, type GermanTexts } from '../messages/index.ts';

/**
 * The events area's own texts: an event a webhook delivers is checked against them (shared/webhooks/event.ts).
 * The German entries have exactly the English keys, each with the same parameters.
 */
export const en = {
  objectPrefixOfType: 'data.object must be the prefix of type',
} as const;

export const de = {
  objectPrefixOfType: 'data.object muss das Präfix von type sein',
} as const satisfies GermanTexts<typeof en>;

export const eventTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);
