import { areaTexts, type GermanTexts } from '../messages/index.ts';

/**
 * The declarations area's own texts: shown in German, the area's language; English for a complete catalogue.
 * The German entries have exactly the English keys, each with the same parameters.
 */
export const en = {
  earliestOrDate: 'Must be "earliest" or a date YYYY-MM-DD',
  reasonForExtraordinary: 'An extraordinary termination needs a reason',
  rateLimited: (minutes: number) =>
    `Too many declarations from this connection. Please try again in ${minutes} minutes or write to the studio.`,
  alreadyDecided: (status: string) => `This declaration is already ${status} to a contract`,
  noSuchFile: 'The declaration pages have no such file',
  contractNotFound: 'No contract has this id',
} as const;

export const de = {
  earliestOrDate: 'Muss „earliest“ oder ein Datum JJJJ-MM-TT sein',
  reasonForExtraordinary: 'Eine außerordentliche Kündigung braucht einen Grund',
  rateLimited: (minutes: number) =>
    `Zu viele Erklärungen von diesem Anschluss. Bitte versuchen Sie es in ${minutes} Minuten erneut oder schreiben Sie dem Studio.`,
  alreadyDecided: (status: string) =>
    `Diese Erklärung ist bereits einem Vertrag zugeordnet (${status === 'matched' ? 'automatisch' : 'vom Studio'})`,
  noSuchFile: 'Diese Datei gehört nicht zu den Seiten für Kündigung und Widerruf',
  contractNotFound: 'Kein Vertrag hat diese ID',
} as const satisfies GermanTexts<typeof en>;

export const declarationTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);
