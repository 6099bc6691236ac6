import { areaTexts, type GermanTexts } from '../messages/index.ts';

/**
 * The contacts area's own texts: English, the area's language, and German for a complete catalogue.
 * The German entries have exactly the English keys, each with the same parameters.
 */
export const en = {
  phone: 'Must be 3 to 32 digits, spaces or + - ( ) /',
  emailTaken: 'Another contact already has this email address',
  emailUsedByAnotherContact: 'Already used by another contact',
  hasContracts: 'Contracts refer to this contact; they are kept for their retention period',
  contractsStillRun: (contracts: string) =>
    `These contracts still run and need the contact's data (Art. 6 (1) b GDPR): ${contracts}; erase it once they have ended`,
} as const;

export const de = {
  phone: 'Muss aus 3 bis 32 Ziffern, Leerzeichen oder + - ( ) / bestehen',
  emailTaken: 'Ein anderer Kontakt hat bereits diese E-Mail-Adresse',
  emailUsedByAnotherContact: 'Bereits von einem anderen Kontakt verwendet',
  hasContracts: 'Verträge verweisen auf diesen Kontakt; sie werden für ihre Aufbewahrungsfrist behalten',
  contractsStillRun: (contracts: string) =>
    `Diese Verträge laufen noch und brauchen die Daten des Kontakts (Art. 6 Abs. 1 b DSGVO): ${contracts}; löschen Sie ihn, wenn sie beendet sind`,
} as const satisfies GermanTexts<typeof en>;

export const contactTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);
