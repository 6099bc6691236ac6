import { areaTexts, type GermanTexts } from '../messages/index.ts';

/**
 * The accounts area's own texts (shared/accounts/): English, the area's language, and German for a complete
 * catalogue. The German entries have exactly the English keys, each with the same parameters.
 */
export const en = {
  euroOnly: 'Must be EUR: the account is kept in euros',
  paidOnInvalid: 'paidOn is not a day on which the payment can have been made',
  paidInFuture: (today: string) => `Must not be after today, ${today}`,
  nothingOwedYet: 'The contract was never signed: its account books nothing',
} as const;

export const de = {
  euroOnly: 'Muss EUR sein: das Konto wird in Euro geführt',
  paidOnInvalid: 'An diesem paidOn kann die Zahlung nicht eingegangen sein',
  paidInFuture: (today) => `Darf nicht nach heute, dem ${today}, liegen`,
  nothingOwedYet: 'Der Vertrag wurde nie unterschrieben: sein Konto bucht nichts',
} as const satisfies GermanTexts<typeof en>;

export const accountTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);
