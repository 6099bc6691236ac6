import { areaTexts, type GermanTexts } from '../messages/index.ts';

/**
 * The collections area's own texts (shared/collections/): English, the area's language, and German for a
 * complete catalogue. The German entries have exactly the English keys, each with the same parameters.
 */
export const en = {
  unknownReasonCode: 'Must be a code of ISO 20022’s ExternalReturnReason1Code list (e.g. AM04, MD01)',
  collectionDateInvalid: 'collectionDate cannot be asked of the bank',
  notABusinessDay:
    'Must be a TARGET2 business day (not a weekend, 1 January, Good Friday, Easter Monday, 1 May, 25 or 26 December)',
  tooEarly: (earliest: string) => `Must be ${earliest} or later: at least one business day after today`,
  nothingToCollect: (date: string) =>
    `No due on or before ${date} can be collected then: none is planned or returned on a contract with an active mandate and a pre-notification long enough before it`,
  unknownDebit: (endToEndId: string) => `The collection has no debit ${endToEndId}`,
  alreadyReturned: (endToEndId: string) => `The debit ${endToEndId} was already returned`,
  returnedBeforeCollection: (date: string) => `Must not be before the collection date ${date}`,
  returnDateInvalid: 'returnedOn is not a day on which the bank can have returned the debit',
  returnedInFuture: (today: string) => `Must not be after today, ${today}`,
  revokedByReturn: (code: string, dueId: string) => `Debit ${dueId} returned with reason ${code}`,
  stillBuilding: 'The collection is still gathering its dues: its file follows once it is created',
  sepaCreditorFirst:
    'Enter the studio’s SEPA creditor data first (sepa in PUT /api/studio): a collection is paid into its account under its creditor identifier',
} as const;

export const de = {
  unknownReasonCode: 'Muss ein Code der ISO-20022-Liste ExternalReturnReason1Code sein (z. B. AM04, MD01)',
  collectionDateInvalid: 'Zu diesem collectionDate kann die Bank nicht einziehen',
  notABusinessDay:
    'Muss ein TARGET2-Geschäftstag sein (kein Wochenende, 1. Januar, Karfreitag, Ostermontag, 1. Mai, 25. oder 26. Dezember)',
  tooEarly: (earliest) => `Muss der ${earliest} oder später sein: mindestens ein Geschäftstag nach heute`,
  nothingToCollect: (date) =>
    `Bis zum ${date} ist nichts einzuziehen: keine geplante oder zurückgegebene Fälligkeit eines Vertrags mit aktivem Mandat und rechtzeitiger Vorabankündigung`,
  unknownDebit: (endToEndId) => `Der Einzug enthält keine Lastschrift ${endToEndId}`,
  alreadyReturned: (endToEndId) => `Die Lastschrift ${endToEndId} ist schon zurückgegeben`,
  returnedBeforeCollection: (date) => `Darf nicht vor dem Einzugsdatum ${date} liegen`,
  returnDateInvalid: 'An diesem returnedOn kann die Bank die Lastschrift nicht zurückgegeben haben',
  returnedInFuture: (today) => `Darf nicht nach heute, dem ${today}, liegen`,
  revokedByReturn: (code, dueId) => `Lastschrift ${dueId} mit Grund ${code} zurückgegeben`,
  stillBuilding: 'Der Einzug sammelt noch seine Fälligkeiten: die Datei folgt, sobald er angelegt ist',
  sepaCreditorFirst:
    'Hinterlegen Sie zuerst die SEPA-Gläubigerdaten des Studios (sepa in PUT /api/studio): ein Einzug geht unter seiner Gläubiger-ID auf sein Konto',
} as const satisfies GermanTexts<typeof en>;

export const collectionTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);
