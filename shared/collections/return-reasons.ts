/*
 * ISO 20022 ExternalReturnReason1Code: the codes a bank gives a returned debit (`RtrRsn/Cd` of a
 * pacs.004 or camt.054). From ISO 20022's External Code Sets (ExternalCodeSets_2Q2024, sheet
 * "11-ReturnReason"), copied once by hand; ISO adds codes a few times a year, so a code a bank sends
 * that is missing here is a reason to update this list, never to accept any four characters.
 */
export const returnReasonCodes = [
  'AC01',
  'AC02',
  'AC03',
  'AC04',
  'AC06',
  'AC07',
  'AC13',
  'AC14',
  'AC15',
  'AC16',
  'AC17',
  'AG01',
  'AG02',
  'AG07',
  'AG08',
  'AG09',
  'AG10',
  'AG11',
  'AG12',
  'AG13',
  'AM01',
  'AM02',
  'AM03',
  'AM04',
  'AM05',
  'AM06',
  'AM07',
  'AM09',
  'AM10',
  'APAR',
  'ARDT',
  'ARJT',
  'ATNS',
  'BE01',
  'BE04',
  'BE05',
  'BE06',
  'BE07',
  'BE08',
  'BE10',
  'BE11',
  'BE16',
  'BE17',
  'CN01',
  'CNCL',
  'CNOR',
  'CNPC',
  'CURR',
  'CUST',
  'DC04',
  'DNOR',
  'DS28',
  'DT01',
  'DT02',
  'DT04',
  'ED05',
  'EMVL',
  'ERIN',
  'FF05',
  'FOCR',
  'FR01',
  'FRAD',
  'FRTR',
  'ID01',
  'MD01',
  'MD02',
  'MD05',
  'MD06',
  'MD07',
  'MS02',
  'MS03',
  'NARR',
  'NOAS',
  'NOCM',
  'NOOR',
  'PINL',
  'RC01',
  'RC07',
  'RF01',
  'RR01',
  'RR02',
  'RR03',
  'RR04',
  'RUTA',
  'SL01',
  'SL02',
  'SL11',
  'SL12',
  'SL13',
  'SL14',
  'SP01',
  'SP02',
  'SVNR',
  'TM01',
  'TRAC',
  'UPAY',
] as const;
export type ReturnReasonCode = (typeof returnReasonCodes)[number];

/**
 * The reasons after which no debit may be collected on the mandate again (docs/collections.md): no
 * mandate (MD01), account closed (AC04), blocked (AC06), debtor deceased (MD07), a service the debtor
 * specifically refused at the bank (SL01). Each revokes it; the others (AM04 no funds, MS02, MS03 …)
 * leave it active and the due is collected again.
 */
export const mandateEndingReasons: readonly ReturnReasonCode[] = ['MD01', 'AC04', 'AC06', 'MD07', 'SL01'];

/**
 * The codes after which a returned due is collected again (§ 18 of our rules, docs/accounts.md): no funds (AM04)
 * and no reason given (MS03). Any other leaves it to a payment, a new mandate or the studio.
 */
export const representableReasons: readonly ReturnReasonCode[] = ['AM04', 'MS03'];
/** A returned due is collected again at most twice: three attempts in all. */
export const maxRepresentations = 2;
