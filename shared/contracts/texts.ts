import { areaTexts, type GermanTexts } from '../messages/index.ts';

/**
 * The contracts area's own texts (docs/decisions.md, "Contract term" and "Termination"): shown in German, the
 * area's language; English for a complete catalogue. Signing (shared/signing/) answers with some of them too.
 * The German entries have exactly the English keys, each with the same parameters.
 */
export const en = {
  mustBeList: 'Must be a list',
  atLeastOneItem: 'At least one item',
  atMostItems: (max: number) => `At most ${max} items`,
  notAfter: (date: string) => `Must not be after ${date}`,
  minimumTermMonths: 'Must be an integer from 0 to 24 (§ 309 Nr. 9 Buchst. a BGB)',
  noticePeriodTooLong: (max: number, unit: 'day' | 'week' | 'month') =>
    `At most ${max} ${{ day: 'days', week: 'weeks', month: 'month' }[unit]}: the notice period may never be longer than one month (§ 309 Nr. 9 Buchst. c BGB)`,
  renewalNoneNeedsMinimumTerm:
    'none needs a minimum term (minimumTermMonths) of at least 1 month: the contract then ends with it',
  documentHashFormat: 'Must be sha256:<64 hex characters>',
  consentRequired: 'Must be true: consent is required',
  requiredForExtraordinary: 'Required for an extraordinary termination (§ 314 BGB)',
  contactNotFound: 'Contact not found',
  noCopyAddress: 'The contract names no email address; send the address as to',
  copyAddressRequired: 'Required: the contact has no email address',
  unknownContact: 'Unknown contact',
  studioProfileFirst: 'Set up the studio profile first (PUT /api/studio): every contract names the studio as a party',
  serviceNotFound: 'Service not found',
  unknownService: 'Unknown service',
  serviceNoLongerOffered: 'The service is no longer offered',
  serviceInactive: 'Service is inactive',
  oneCurrency: 'All items must have the same currency',
  mixedCurrencies: (currencies: readonly string[]) => `Mixed currencies: ${currencies.join(', ')}`,
  alreadyCancelled: 'The contract is already cancelled',
  signedNotCancellable: (id: string) =>
    `A signed contract cannot be cancelled; terminate it instead (POST /api/contracts/${id}/termination)`,
  pendingNotTerminable: (id: string) =>
    `A contract not yet signed cannot be terminated; cancel it instead (POST /api/contracts/${id}/cancellation)`,
  cancelledNotTerminable: 'A cancelled contract cannot be terminated',
  alreadyTerminated: (endsOn: string) => `The contract is already terminated (as of ${endsOn})`,
  ended: (endsOn: string) => `The contract ended on ${endsOn}`,
  endsByItself: (endsOn: string) =>
    `The contract ends by itself on ${endsOn} (renewal: none); an ordinary termination is not needed`,
  endBeforeReceipt: (receivedOn: string) => `Must not be before the notice was received (${receivedOn})`,
  endBeforeReceiptDetail: 'The end of the contract is before the notice was received',
  endTooEarly: (earliest: string, receivedOn: string) =>
    `${earliest} at the earliest: that is what a notice received on ${receivedOn} achieves (minimum term and notice period)`,
  endTooEarlyDetail: (earliest: string) => `The termination can end the contract on ${earliest} at the earliest`,
  receivedInFuture: (today: string) => `Must not be in the future (today is ${today})`,
  receivedInFutureDetail: 'The day of receipt is in the future',
  receivedBeforeSigning: (signedOn: string) => `Must not be before the day of signing (${signedOn})`,
  receivedBeforeSigningDetail: 'The day of receipt is before the contract was concluded',
  notTerminated: 'The contract is not terminated; there is no termination to withdraw',
  terminationTookEffect: (endsOn: string) =>
    `The termination ended the contract on ${endsOn}; it can only be withdrawn before that day`,
  endAfterYear9999: 'The end of the contract would be after the year 9999',
  endAfterYear9999Field: 'Too late: the end of the contract would be after the year 9999',
  roleAlreadySigned: 'There is already a signature for this role',
  alreadySigned: 'Already signed',
  cancelledNotSignable: 'A cancelled contract cannot be signed',
  terminatedNotSignable: 'A terminated contract can no longer be signed',
  endedNotSignable: (endsOn: string) => `The contract ended on ${endsOn} and can no longer be signed`,
  withdrawnNotTerminable: (receivedOn: string) =>
    `The contract was withdrawn (received ${receivedOn}); there is nothing left to terminate`,
  withdrawnNotSignable: 'A withdrawn contract can no longer be signed',
  noWithdrawalRight:
    'The contract has no right of withdrawal: only a contract concluded away from the studio has one (§ 312g BGB)',
  alreadyWithdrawn: (receivedOn: string) => `The contract is already withdrawn (received ${receivedOn})`,
  notWithdrawable: (status: string) => `A contract that is ${status} cannot be withdrawn`,
  withdrawalPeriodOver: (periodEndsOn: string, receivedOn: string) =>
    `The withdrawal period ended on ${periodEndsOn}; a withdrawal received on ${receivedOn} is too late (§ 355 Abs. 2 BGB)`,
  endedBeforeWithdrawal: (endsOn: string) => `The contract had already ended on ${endsOn}`,
  documentHashMismatch: 'The document hash does not match the contract',
  contractHasHash: (hash: string) => `The contract has ${hash}`,
  mandateAlreadyRevoked: 'The mandate is already revoked',
  mandateNotRevocable: (status: string) => `A mandate that is ${status} cannot be revoked`,
  revokedInFutureDetail: 'The day of the revocation is in the future',
  duesToBeforeFrom: (from: string) => `Must not be before from (${from})`,
  duesRangeTooLong: (base: string, latest: string) => `At most 5 years after ${base}: ${latest} at the latest`,
  duesAfterYear9999: 'Too late: a billing period would end after the year 9999',
  mandateAlreadySigned: 'The mandate is already signed',
  mandateNotSignable: (status: string) => `A mandate that is ${status} cannot be signed`,
  mandateHashMismatch: 'The mandate hash does not match the mandate',
  mandateHasHash: (hash: string) => `The mandate has ${hash}`,
  mandatePending: (reference: string) => `Mandate ${reference} is not signed yet: have it signed or revoke it first`,
  atMostPriceSteps: (max: number) => `At most ${max} price steps per item`,
  priceStepAfterStart: (startDate: string) => `Must be after the start date (${startDate})`,
  priceStepAscending: (previous: string) => `Must be after the previous price step (${previous})`,
  notPeriodStart: (next: string) =>
    `Must be the first day of one of the item's billing periods: the next one is ${next}`,
  noPeriods: 'A one-off item has no billing periods, so no price steps',
  sepaCreditorFirst:
    'Enter the studio’s SEPA creditor data first (sepa in PUT /api/studio): a direct debit needs the creditor identifier',
} as const;

export const de = {
  mustBeList: 'Muss eine Liste sein',
  atLeastOneItem: 'Mindestens eine Position',
  atMostItems: (max) => `Höchstens ${max} Positionen`,
  notAfter: (date) => `Darf nicht nach dem ${date} liegen`,
  minimumTermMonths: 'Muss eine ganze Zahl von 0 bis 24 sein (§ 309 Nr. 9 Buchst. a BGB)',
  noticePeriodTooLong: (max, unit) =>
    `Höchstens ${max} ${{ day: 'Tage', week: 'Wochen', month: 'Monat' }[unit]}: die Kündigungsfrist darf nie länger als einen Monat sein (§ 309 Nr. 9 Buchst. c BGB)`,
  renewalNoneNeedsMinimumTerm:
    'none verlangt eine Mindestlaufzeit (minimumTermMonths) von mindestens 1 Monat: der Vertrag endet dann mit ihr',
  documentHashFormat: 'Muss sha256:<64 Hex-Zeichen> sein',
  consentRequired: 'Muss true sein: die Zustimmung ist Pflicht',
  requiredForExtraordinary: 'Pflichtfeld bei einer außerordentlichen Kündigung (§ 314 BGB)',
  contactNotFound: 'Kontakt nicht gefunden',
  noCopyAddress: 'Der Vertrag nennt keine E-Mail-Adresse; geben Sie die Adresse in to an',
  copyAddressRequired: 'Pflichtfeld: der Kontakt hat keine E-Mail-Adresse',
  unknownContact: 'Unbekannter Kontakt',
  studioProfileFirst:
    'Legen Sie zuerst das Studioprofil an (PUT /api/studio): jeder Vertrag nennt das Studio als Vertragspartei',
  serviceNotFound: 'Leistung nicht gefunden',
  unknownService: 'Unbekannte Leistung',
  serviceNoLongerOffered: 'Leistung wird nicht mehr angeboten',
  serviceInactive: 'Leistung ist inaktiv',
  oneCurrency: 'Alle Positionen müssen dieselbe Währung haben',
  mixedCurrencies: (currencies) => `Gemischte Währungen: ${currencies.join(', ')}`,
  alreadyCancelled: 'Der Vertrag ist bereits storniert',
  signedNotCancellable: (id) =>
    `Ein unterschriebener Vertrag kann nicht storniert werden; kündigen Sie ihn stattdessen (POST /api/contracts/${id}/termination)`,
  pendingNotTerminable: (id) =>
    `Ein noch nicht unterschriebener Vertrag kann nicht gekündigt werden; stornieren Sie ihn stattdessen (POST /api/contracts/${id}/cancellation)`,
  cancelledNotTerminable: 'Ein stornierter Vertrag kann nicht gekündigt werden',
  alreadyTerminated: (endsOn) => `Der Vertrag ist bereits gekündigt (zum ${endsOn})`,
  ended: (endsOn) => `Der Vertrag ist am ${endsOn} beendet`,
  endsByItself: (endsOn) =>
    `Der Vertrag endet von selbst am ${endsOn} (renewal: none); eine ordentliche Kündigung ist nicht nötig`,
  endBeforeReceipt: (receivedOn) => `Darf nicht vor dem Eingang der Kündigung (${receivedOn}) liegen`,
  endBeforeReceiptDetail: 'Das Vertragsende liegt vor dem Eingang der Kündigung',
  endTooEarly: (earliest, receivedOn) =>
    `Frühestens ${earliest}: so wirkt eine am ${receivedOn} eingegangene Kündigung (Mindestlaufzeit und Kündigungsfrist)`,
  endTooEarlyDetail: (earliest) => `Die Kündigung kann den Vertrag frühestens zum ${earliest} beenden`,
  receivedInFuture: (today) => `Darf nicht in der Zukunft liegen (heute ist ${today})`,
  receivedInFutureDetail: 'Der Eingangstag liegt in der Zukunft',
  receivedBeforeSigning: (signedOn) => `Darf nicht vor dem Tag der Unterschrift (${signedOn}) liegen`,
  receivedBeforeSigningDetail: 'Der Eingangstag liegt vor dem Vertragsschluss',
  notTerminated: 'Der Vertrag ist nicht gekündigt; es gibt keine Kündigung zurückzunehmen',
  terminationTookEffect: (endsOn) =>
    `Die Kündigung hat den Vertrag zum ${endsOn} beendet; zurücknehmen lässt sie sich nur vor diesem Tag`,
  endAfterYear9999: 'Das Vertragsende läge nach dem Jahr 9999',
  endAfterYear9999Field: 'Zu spät: das Vertragsende läge nach dem Jahr 9999',
  roleAlreadySigned: 'Für diese Rolle liegt bereits eine Unterschrift vor',
  alreadySigned: 'Bereits unterschrieben',
  cancelledNotSignable: 'Ein stornierter Vertrag kann nicht unterschrieben werden',
  terminatedNotSignable: 'Ein gekündigter Vertrag kann nicht mehr unterschrieben werden',
  endedNotSignable: (endsOn) => `Der Vertrag ist am ${endsOn} beendet und kann nicht mehr unterschrieben werden`,
  withdrawnNotTerminable: (receivedOn) =>
    `Der Vertrag ist widerrufen (eingegangen am ${receivedOn}); es gibt nichts mehr zu kündigen`,
  withdrawnNotSignable: 'Ein widerrufener Vertrag kann nicht mehr unterschrieben werden',
  noWithdrawalRight:
    'Der Vertrag hat kein Widerrufsrecht: nur ein außerhalb des Studios geschlossener Vertrag hat eines (§ 312g BGB)',
  alreadyWithdrawn: (receivedOn) => `Der Vertrag ist bereits widerrufen (eingegangen am ${receivedOn})`,
  notWithdrawable: (status) => `Ein Vertrag im Status ${status} kann nicht widerrufen werden`,
  withdrawalPeriodOver: (periodEndsOn, receivedOn) =>
    `Die Widerrufsfrist endete am ${periodEndsOn}; ein am ${receivedOn} eingegangener Widerruf ist verspätet (§ 355 Abs. 2 BGB)`,
  endedBeforeWithdrawal: (endsOn) => `Der Vertrag war bereits am ${endsOn} beendet`,
  documentHashMismatch: 'Der Dokument-Hash entspricht nicht dem Vertrag',
  contractHasHash: (hash) => `Der Vertrag hat ${hash}`,
  mandateAlreadyRevoked: 'Das Mandat ist bereits widerrufen',
  mandateNotRevocable: (status) => `Ein Mandat im Status ${status} kann nicht widerrufen werden`,
  revokedInFutureDetail: 'Der Tag des Widerrufs liegt in der Zukunft',
  duesToBeforeFrom: (from) => `Darf nicht vor from (${from}) liegen`,
  duesRangeTooLong: (base, latest) => `Höchstens 5 Jahre nach dem ${base}: spätestens ${latest}`,
  duesAfterYear9999: 'Zu spät: ein Abrechnungszeitraum endete nach dem Jahr 9999',
  mandateAlreadySigned: 'Das Mandat ist bereits unterschrieben',
  mandateNotSignable: (status) => `Ein Mandat im Status ${status} kann nicht unterschrieben werden`,
  mandateHashMismatch: 'Der Mandats-Hash entspricht nicht dem Mandat',
  mandateHasHash: (hash) => `Das Mandat hat ${hash}`,
  mandatePending: (reference) =>
    `Das Mandat ${reference} ist noch nicht unterschrieben: erst unterschreiben lassen oder widerrufen`,
  atMostPriceSteps: (max) => `Höchstens ${max} Preisstufen je Position`,
  priceStepAfterStart: (startDate) => `Muss nach dem Vertragsbeginn (${startDate}) liegen`,
  priceStepAscending: (previous) => `Muss nach der vorigen Preisstufe (${previous}) liegen`,
  notPeriodStart: (next) =>
    `Muss der erste Tag eines Abrechnungszeitraums der Position sein: der nächste beginnt am ${next}`,
  noPeriods: 'Eine einmalige Leistung hat keine Abrechnungszeiträume und daher keine Preisstufen',
  sepaCreditorFirst:
    'Hinterlegen Sie zuerst die SEPA-Gläubigerdaten des Studios (sepa in PUT /api/studio): eine Lastschrift braucht die Gläubiger-Identifikationsnummer',
} as const satisfies GermanTexts<typeof en>;

export const contractTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);

/*
 * The amendments' texts (docs/amendments.md), a catalogue of their own in this file: only the amendment
 * functions use them, and a call marked pure lets esbuild drop them from every other contract function.
 */
export const amendmentEn = {
  reasonTextForOther: 'Required when reason is other',
  amendmentNeedsRunningContract: (status: string) =>
    `Only a signed or terminated contract can be amended; this one is ${status}`,
  notBeforeToday: (today: string) => `Must not be before today (${today})`,
  pauseLength: (earliest: string, latest: string) =>
    `Must be from ${earliest} to ${latest}: a pause is 1 to 366 days long, both ends counted`,
  pauseStartTooEarly: (earliest: string) =>
    `Must not be before ${earliest}: a pause begins at most 30 days back and never before the start date`,
  pauseAfterEnd: (endsOn: string) => `Must not be after the contract's last day (${endsOn})`,
  pauseOverlapsDetail: 'The pause overlaps another offered or agreed pause',
  pauseOverlaps: (number: string, from: string, lastDay: string) => `Overlaps pause ${number} (${from} to ${lastDay})`,
  pauseInCollectedDueDetail: 'A day of the pause lies in a due already collected',
  pauseInCollectedDue: (id: string, start: string, end: string) =>
    `Due ${id} (${start} to ${end}) is already collected: its days can no longer be paused`,
  noMinimumTermToExtend: 'The contract has no minimum term that could be extended',
  extendsTermAfterMinimum: (endsOn: string) =>
    `Only a pause that begins before the minimum term ends (${endsOn}) can extend it`,
  terminatedEndStays: (endsOn: string) => `The contract is terminated as of ${endsOn}; a pause cannot move that end`,
  notPeriodStartAfterToday: (next: string) =>
    `Must be the first day of a billing period after today of every item it changes: the next one is ${next}`,
  offerAfterEffective: (latest: string) => `Must be ${latest} at the latest: a change is agreed before it applies`,
  itemNotInContractDetail: 'An item of the change is not in the contract',
  itemNotInContract: 'The contract has no item of this service',
  onceNotChangeable: 'A one-off item is due on the start date only and cannot be changed',
  namedTwice: 'This service is named twice',
  currencyOfContract: (currency: string) => `Must be ${currency}, the currency of the contract`,
  amendmentNotOpen: (status: string) => `The amendment is ${status}; only an offered one can be decided`,
  amendmentExpired: (day: string) => `The offer expired with ${day} (the studio's time zone)`,
  amendmentHashMismatch: 'The amendment hash does not match the amendment',
  amendmentHasHash: (hash: string) => `The amendment has ${hash}`,
  notAPause: 'Only a pause can end early',
  pauseNotAgreed: (status: string) => `Only an agreed pause can end early; this one is ${status}`,
  earlyEndRange: (earliest: string, latest: string) =>
    `Must be from ${earliest} to ${latest}: yesterday at the earliest, before the agreed last day`,
  earlyEndDetail: 'The pause cannot end on that day',
  amendmentHasNoDocument: (status: string) =>
    `The amendment is ${status}: only an offered one has a draft and only an agreed one a document`,
} as const;

export const amendmentDe = {
  reasonTextForOther: 'Pflichtfeld, wenn reason other ist',
  amendmentNeedsRunningContract: (status) =>
    `Nur ein unterschriebener oder gekündigter Vertrag kann geändert werden; dieser ist ${status}`,
  notBeforeToday: (today) => `Darf nicht vor heute (${today}) liegen`,
  pauseLength: (earliest, latest) =>
    `Muss zwischen ${earliest} und ${latest} liegen: eine Ruhezeit dauert 1 bis 366 Tage, beide Enden mitgezählt`,
  pauseStartTooEarly: (earliest) =>
    `Darf nicht vor dem ${earliest} liegen: eine Ruhezeit beginnt höchstens 30 Tage rückwirkend und nie vor Vertragsbeginn`,
  pauseAfterEnd: (endsOn) => `Darf nicht nach dem letzten Vertragstag (${endsOn}) liegen`,
  pauseOverlapsDetail: 'Die Ruhezeit überschneidet sich mit einer anderen angebotenen oder vereinbarten Ruhezeit',
  pauseOverlaps: (number, from, lastDay) => `Überschneidet sich mit der Ruhezeit ${number} (${from} bis ${lastDay})`,
  pauseInCollectedDueDetail: 'Ein Tag der Ruhezeit liegt in einem bereits eingezogenen Beitrag',
  pauseInCollectedDue: (id, start, end) =>
    `Der Beitrag ${id} (${start} bis ${end}) ist bereits eingezogen: seine Tage können nicht mehr ruhen`,
  noMinimumTermToExtend: 'Der Vertrag hat keine Mindestlaufzeit, die sich verlängern ließe',
  extendsTermAfterMinimum: (endsOn) =>
    `Nur eine Ruhezeit, die vor dem Ende der Mindestlaufzeit (${endsOn}) beginnt, kann diese verlängern`,
  terminatedEndStays: (endsOn) =>
    `Der Vertrag ist zum ${endsOn} gekündigt; eine Ruhezeit kann dieses Ende nicht verschieben`,
  notPeriodStartAfterToday: (next) =>
    `Muss nach heute der erste Tag eines Abrechnungszeitraums jeder geänderten Position sein: der nächste ist der ${next}`,
  offerAfterEffective: (latest) => `Spätestens ${latest}: eine Änderung wird vereinbart, bevor sie gilt, nie danach`,
  itemNotInContractDetail: 'Eine Position der Änderung gehört nicht zum Vertrag',
  itemNotInContract: 'Der Vertrag hat keine Position mit dieser Leistung',
  onceNotChangeable: 'Eine einmalige Leistung ist nur zum Vertragsbeginn fällig und lässt sich nicht ändern',
  namedTwice: 'Diese Leistung ist doppelt genannt',
  currencyOfContract: (currency) => `Muss ${currency} sein, die Währung des Vertrags`,
  amendmentNotOpen: (status) =>
    `Die Änderungsvereinbarung ist ${status}; nur über eine angebotene kann noch entschieden werden`,
  amendmentExpired: (day) => `Das Angebot ist mit dem ${day} abgelaufen (Zeitzone des Studios)`,
  amendmentHashMismatch: 'Der Änderungs-Hash entspricht nicht der Änderungsvereinbarung',
  amendmentHasHash: (hash) => `Die Änderungsvereinbarung hat ${hash}`,
  notAPause: 'Nur eine Ruhezeit kann vorzeitig enden',
  pauseNotAgreed: (status) => `Nur eine vereinbarte Ruhezeit kann vorzeitig enden; diese ist ${status}`,
  earlyEndRange: (earliest, latest) =>
    `Muss zwischen ${earliest} und ${latest} liegen: frühestens gestern, vor dem vereinbarten letzten Tag`,
  earlyEndDetail: 'Die Ruhezeit kann an diesem Tag nicht enden',
  amendmentHasNoDocument: (status) =>
    `Die Änderungsvereinbarung ist ${status}: nur eine angebotene hat einen Entwurf und nur eine vereinbarte ein Dokument`,
} as const satisfies GermanTexts<typeof amendmentEn>;

export const amendmentTexts = /* @__PURE__ */ areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined'
    ? { en: amendmentEn, de: amendmentDe }
    : __STUDIO_LANGUAGE__ === 'de'
      ? { de: amendmentDe }
      : { en: amendmentEn },
);
