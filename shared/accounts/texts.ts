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
  nothingOverdue: 'Nothing is overdue on this account: there is nothing to remind of',
  reminderTooSoon: (last: string, from: string) =>
    `The last reminder went out on ${last}: the next one may follow from ${from} (14 days after it)`,
  reminderRaced: 'Another reminder for this account was sent at the same moment',
  inCollection: 'The account has been handed over to a collection agency: the studio no longer reminds',
  noStudioAccount:
    'The studio profile names no bank account (sepa.iban) that a reminder could ask the member to pay into',
  handoverNeedsMahnung: 'Only an account at dunning level 2 (after a Mahnung) can be handed over',
  handoverBeforeDeadline: (deadline: string) => `The last Mahnung's deadline, ${deadline}, has not passed yet`,
  handoverRaced: 'The account was handed over by another request at the same moment',
  notInCollection: 'The account is not with a collection agency: there is no handover to close',
} as const;

export const de = {
  euroOnly: 'Muss EUR sein: das Konto wird in Euro geführt',
  paidOnInvalid: 'An diesem paidOn kann die Zahlung nicht eingegangen sein',
  paidInFuture: (today) => `Darf nicht nach heute, dem ${today}, liegen`,
  nothingOwedYet: 'Der Vertrag wurde nie unterschrieben: sein Konto bucht nichts',
  nothingOverdue: 'Auf diesem Konto ist nichts überfällig: es gibt nichts anzumahnen',
  reminderTooSoon: (last, from) =>
    `Die letzte Mahnung ging am ${last} hinaus: die nächste darf ab ${from} folgen (14 Tage danach)`,
  reminderRaced: 'Zur selben Zeit wurde eine andere Mahnung für dieses Konto verschickt',
  inCollection: 'Das Konto wurde an ein Inkassobüro übergeben: das Studio mahnt nicht mehr',
  noStudioAccount: 'Das Studioprofil nennt kein Konto (sepa.iban), auf das eine Mahnung die Zahlung erbitten könnte',
  handoverNeedsMahnung: 'Nur ein Konto auf Mahnstufe 2 (nach einer Mahnung) kann übergeben werden',
  handoverBeforeDeadline: (deadline) => `Die Frist der letzten Mahnung, ${deadline}, ist noch nicht abgelaufen`,
  handoverRaced: 'Das Konto wurde zur selben Zeit von einer anderen Anfrage übergeben',
  notInCollection: 'Das Konto liegt bei keinem Inkassobüro: es gibt keine Übergabe abzuschließen',
} as const satisfies GermanTexts<typeof en>;

export const accountTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);
