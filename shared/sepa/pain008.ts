import { type CalendarDate, isCalendarDate } from '../calendar/calendar-date.ts';
import { isBic } from './bic.ts';
import { isSepaIdentifier, toSepaText } from './charset.ts';
import { isCreditorId } from './creditor-id.ts';
import { isSepaIban } from './iban.ts';
import { element, type XmlNode, xmlDocument } from './xml-element.ts';

export const painNamespace = 'urn:iso:std:iso:20022:tech:xsd:pain.008.001.08';

export type SequenceType = 'FRST' | 'RCUR';

export interface Account {
  name: string;
  iban: string;
  /** `null` is written `NOTPROVIDED`: German banks find the bank from the IBAN. */
  bic: string | null;
}

export interface DirectDebit {
  /** The due's id: `EndToEndId`. */
  endToEndId: string;
  /** Integer euro cents, more than 0. */
  amount: number;
  sequenceType: SequenceType;
  mandate: { reference: string; signedOn: CalendarDate };
  debtor: Account;
  /** Unstructured remittance text (e.g. „Beitrag 01.02.–28.02.2027 Vertrag 2026-000001“), transliterated and cut to 140. */
  remittance: string;
}

export interface CollectionFile {
  /** `MsgId`, unique per creditor (the collection's id); at most 30 characters, the sequence type is appended to it. */
  messageId: string;
  createdAt: Date;
  collectionDate: CalendarDate;
  creditor: Account & { creditorId: string };
  debits: readonly DirectDebit[];
}

/** 12345 cents → `123.45`: amounts are counted in whole cents and only written as decimals. */
export const euros = (cents: number): string => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

// EPC's maximum for one debit: 999,999,999.99 EUR.
const maxAmount = 999_999_999_99;

const invalid = (what: string): never => {
  throw new RangeError(`pain.008: ${what}`);
};

const checkDebit = (debit: DirectDebit): void => {
  if (!isSepaIdentifier(debit.endToEndId)) invalid(`EndToEndId ${JSON.stringify(debit.endToEndId)} is not SEPA-safe`);
  if (!Number.isSafeInteger(debit.amount) || debit.amount <= 0 || debit.amount > maxAmount)
    invalid(`the amount of ${debit.endToEndId} is not a positive whole number of cents`);
  if (!isSepaIdentifier(debit.mandate.reference))
    invalid(`the mandate reference of ${debit.endToEndId} is not SEPA-safe`);
  if (!isCalendarDate(debit.mandate.signedOn)) invalid(`the mandate signing date of ${debit.endToEndId} is not a date`);
  if (!isSepaIban(debit.debtor.iban)) invalid(`the debtor IBAN of ${debit.endToEndId} is not a SEPA IBAN`);
  if (debit.debtor.bic !== null && !isBic(debit.debtor.bic)) invalid(`the debtor BIC of ${debit.endToEndId} is no BIC`);
};

const checkFile = (file: CollectionFile): void => {
  if (!isSepaIdentifier(file.messageId) || file.messageId.length > 30)
    invalid('MsgId must be SEPA-safe and ≤ 30 characters');
  if (!isCalendarDate(file.collectionDate)) invalid('the collection date is not a date');
  if (!isCreditorId(file.creditor.creditorId)) invalid('the creditor id is not valid');
  if (!isSepaIban(file.creditor.iban)) invalid('the creditor IBAN is not a SEPA IBAN');
  if (file.creditor.bic !== null && !isBic(file.creditor.bic)) invalid('the creditor BIC is no BIC');
  if (file.debits.length === 0) invalid('a file needs at least one debit');
  const ids = new Set(file.debits.map((debit) => debit.endToEndId));
  if (ids.size !== file.debits.length) invalid('EndToEndIds must be unique in a file');
  file.debits.forEach(checkDebit);
};

const text = (name: string, value: string) => element(name, value);
const party = (name: string, ofWhom: string) => element(name, [text('Nm', toSepaText(ofWhom, 70) || 'NOTPROVIDED')]);
const agent = (name: string, bic: string | null) =>
  element(name, [element('FinInstnId', bic ? [text('BICFI', bic)] : [element('Othr', [text('Id', 'NOTPROVIDED')])])]);
const account = (name: string, iban: string) => element(name, [element('Id', [text('IBAN', iban)])]);
const totals = (debits: readonly DirectDebit[]) => [
  text('NbOfTxs', String(debits.length)),
  text('CtrlSum', euros(debits.reduce((sum, debit) => sum + debit.amount, 0))),
];

const transaction = (debit: DirectDebit): XmlNode =>
  element('DrctDbtTxInf', [
    element('PmtId', [text('EndToEndId', debit.endToEndId)]),
    element('InstdAmt', euros(debit.amount), { Ccy: 'EUR' }),
    element('DrctDbtTx', [
      element('MndtRltdInf', [text('MndtId', debit.mandate.reference), text('DtOfSgntr', debit.mandate.signedOn)]),
    ]),
    agent('DbtrAgt', debit.debtor.bic),
    party('Dbtr', debit.debtor.name),
    account('DbtrAcct', debit.debtor.iban),
    element('RmtInf', [text('Ustrd', toSepaText(debit.remittance, 140) || debit.endToEndId)]),
  ]);

const paymentInformation = (
  file: CollectionFile,
  sequenceType: SequenceType,
  debits: readonly DirectDebit[],
): XmlNode =>
  element('PmtInf', [
    text('PmtInfId', `${file.messageId}-${sequenceType}`),
    text('PmtMtd', 'DD'),
    ...totals(debits),
    element('PmtTpInf', [
      element('SvcLvl', [text('Cd', 'SEPA')]),
      element('LclInstrm', [text('Cd', 'CORE')]),
      text('SeqTp', sequenceType),
    ]),
    text('ReqdColltnDt', file.collectionDate),
    party('Cdtr', file.creditor.name),
    account('CdtrAcct', file.creditor.iban),
    agent('CdtrAgt', file.creditor.bic),
    text('ChrgBr', 'SLEV'),
    element('CdtrSchmeId', [
      element('Id', [
        element('PrvtId', [
          element('Othr', [text('Id', file.creditor.creditorId), element('SchmeNm', [text('Prtry', 'SEPA')])]),
        ]),
      ]),
    ]),
    ...debits.map(transaction),
  ]);

/**
 * A SEPA Core direct debit initiation (ISO 20022 pain.008.001.08) as German banks take it: one
 * `PmtInf` per sequence type (`FRST` first, then `RCUR`), charges shared (`SLEV`), `NbOfTxs` and
 * `CtrlSum` counted from whole cents, texts in the SEPA character set, `NOTPROVIDED` for a missing
 * BIC. Refuses (RangeError) input that would make a file the bank rejects.
 */
export const pain008 = (file: CollectionFile): string => {
  checkFile(file);
  const groups = (['FRST', 'RCUR'] as const)
    .map((sequenceType) => ({
      sequenceType,
      debits: file.debits.filter((debit) => debit.sequenceType === sequenceType),
    }))
    .filter((group) => group.debits.length > 0);
  return xmlDocument(
    element(
      'Document',
      [
        element('CstmrDrctDbtInitn', [
          element('GrpHdr', [
            text('MsgId', file.messageId),
            text('CreDtTm', `${file.createdAt.toISOString().slice(0, 19)}Z`),
            ...totals(file.debits),
            party('InitgPty', file.creditor.name),
          ]),
          ...groups.map((group) => paymentInformation(file, group.sequenceType, group.debits)),
        ]),
      ],
      { xmlns: painNamespace },
    ),
  );
};
