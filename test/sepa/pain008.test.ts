import { beforeAll, describe, expect, it } from 'vitest';
import { duesOf } from '#shared/sepa/dues.ts';
import { type CollectionFile, type DirectDebit, euros, pain008, painNamespace } from '#shared/sepa/pain008.ts';
import { remittanceText } from '#shared/sepa/remittance.ts';
import { at, childrenNamed, ensureXmllint, parseXml, validateFile, type XmlElement } from '../support/pain008.ts';

/**
 * The collection file as the bank sees it: validated by xmllint against ISO 20022's own schema,
 * then read back with a conformant XML parser and compared field by field with what went in.
 */

beforeAll(() => {
  try {
    ensureXmllint();
  } catch (error) {
    throw new Error(
      `The collection file tests need xmllint, and infra/local/ensure-test-tools.sh could not install it: ${(error as { stderr?: Buffer }).stderr?.toString() ?? error}`,
    );
  }
});

const textAt = (element: XmlElement, path: string) => at(element, path).text;

const debit = (overrides: Partial<DirectDebit> & Pick<DirectDebit, 'endToEndId'>): DirectDebit => ({
  amount: 3999,
  sequenceType: 'RCUR',
  mandate: { reference: `${overrides.endToEndId.slice(0, 11)}-1`, signedOn: '2026-01-15' },
  debtor: { name: 'Jörg Weiß', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  remittance: 'Beitrag 01.02.–28.02.2027 Vertrag 2026-000001',
  ...overrides,
});

const file: CollectionFile = {
  messageId: '01JDCOLLECTION0000000000AB',
  createdAt: new Date('2027-01-28T09:30:00.123Z'),
  collectionDate: '2027-02-01',
  creditor: {
    name: 'Studio Müller & Söhne GmbH',
    iban: 'DE02120300000000202051',
    bic: 'BYLADEM1001',
    creditorId: 'DE98ZZZ09999999999',
  },
  debits: [
    debit({ endToEndId: '2026-000001-20270201' }),
    debit({
      endToEndId: '2026-000002-20270201',
      amount: 1,
      sequenceType: 'FRST',
      mandate: { reference: '2026-000002-1', signedOn: '2027-01-10' },
      debtor: { name: 'Zoë Ångström-Łukasz', iban: 'AT611904300234573201', bic: null },
      remittance: 'Einmalig 01.02.2027 Vertrag 2026-000002',
    }),
    debit({
      endToEndId: '2026-000003-20270201',
      amount: 999_999_999_99,
      debtor: { name: 'Ilse Groß', iban: 'NL91ABNA0417164300', bic: null },
    }),
    debit({
      endToEndId: '2026-000004-20270201-M',
      amount: 2000,
      sequenceType: 'FRST',
      mandate: { reference: '2026-000004-2', signedOn: '2026-12-31' },
    }),
  ],
};

describe('the pain.008.001.08 collection file', () => {
  it('validates against ISO 20022 schema with xmllint', () => {
    const result = validateFile(pain008(file));
    expect(result.stderr).toContain('validates');
    expect(result.status).toBe(0);
  });

  it('is refused by the schema when broken, so the validation above is real', () => {
    const broken = pain008(file).replace('<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>SLEV</ChrgBr><ChrgBr>SLEV</ChrgBr>');
    expect(validateFile(broken).status).not.toBe(0);
  });

  it('reads back with every amount, IBAN, reference, signing date, sequence type and control sum', () => {
    const document = parseXml(pain008(file));
    expect(document.name).toBe('Document');
    expect(document.attributes.xmlns).toBe(painNamespace);
    const initiation = at(document, 'CstmrDrctDbtInitn');
    expect(textAt(initiation, 'GrpHdr/MsgId')).toBe(file.messageId);
    expect(textAt(initiation, 'GrpHdr/CreDtTm')).toBe('2027-01-28T09:30:00Z');
    expect(textAt(initiation, 'GrpHdr/NbOfTxs')).toBe('4');
    expect(textAt(initiation, 'GrpHdr/CtrlSum')).toBe('1000000059.99');
    expect(textAt(initiation, 'GrpHdr/InitgPty/Nm')).toBe('Studio Mueller + Soehne GmbH');

    const paymentInformations = childrenNamed(initiation, 'PmtInf');
    expect(paymentInformations.map((info) => textAt(info, 'PmtTpInf/SeqTp'))).toEqual(['FRST', 'RCUR']);
    for (const info of paymentInformations) {
      const sequenceType = textAt(info, 'PmtTpInf/SeqTp');
      const expected = file.debits.filter((item) => item.sequenceType === sequenceType);
      const transactions = childrenNamed(info, 'DrctDbtTxInf');
      expect(textAt(info, 'PmtInfId')).toBe(`${file.messageId}-${sequenceType}`);
      expect(textAt(info, 'PmtMtd')).toBe('DD');
      expect(textAt(info, 'NbOfTxs')).toBe(String(expected.length));
      expect(textAt(info, 'CtrlSum')).toBe(euros(expected.reduce((sum, item) => sum + item.amount, 0)));
      expect(textAt(info, 'PmtTpInf/SvcLvl/Cd')).toBe('SEPA');
      expect(textAt(info, 'PmtTpInf/LclInstrm/Cd')).toBe('CORE');
      expect(textAt(info, 'ReqdColltnDt')).toBe('2027-02-01');
      expect(textAt(info, 'Cdtr/Nm')).toBe('Studio Mueller + Soehne GmbH');
      expect(textAt(info, 'CdtrAcct/Id/IBAN')).toBe('DE02120300000000202051');
      expect(textAt(info, 'CdtrAgt/FinInstnId/BICFI')).toBe('BYLADEM1001');
      expect(textAt(info, 'ChrgBr')).toBe('SLEV');
      expect(textAt(info, 'CdtrSchmeId/Id/PrvtId/Othr/Id')).toBe('DE98ZZZ09999999999');
      expect(textAt(info, 'CdtrSchmeId/Id/PrvtId/Othr/SchmeNm/Prtry')).toBe('SEPA');
      expect(transactions).toHaveLength(expected.length);
      transactions.forEach((transaction, index) => {
        const item = expected[index] as DirectDebit;
        expect(textAt(transaction, 'PmtId/EndToEndId')).toBe(item.endToEndId);
        expect(textAt(transaction, 'InstdAmt')).toBe(euros(item.amount));
        expect(at(transaction, 'InstdAmt').attributes.Ccy).toBe('EUR');
        expect(textAt(transaction, 'DrctDbtTx/MndtRltdInf/MndtId')).toBe(item.mandate.reference);
        expect(textAt(transaction, 'DrctDbtTx/MndtRltdInf/DtOfSgntr')).toBe(item.mandate.signedOn);
        expect(textAt(transaction, 'DbtrAcct/Id/IBAN')).toBe(item.debtor.iban);
        const agent = at(transaction, 'DbtrAgt/FinInstnId');
        if (item.debtor.bic) expect(textAt(agent, 'BICFI')).toBe(item.debtor.bic);
        else expect(textAt(agent, 'Othr/Id')).toBe('NOTPROVIDED');
      });
    }
    const names = childrenNamed(initiation, 'PmtInf').flatMap((info) =>
      childrenNamed(info, 'DrctDbtTxInf').map((tx) => textAt(tx, 'Dbtr/Nm')),
    );
    expect(names).toEqual(['Zoe Angstroem-Lukasz', 'Joerg Weiss', 'Joerg Weiss', 'Ilse Gross']);
    const texts = childrenNamed(initiation, 'PmtInf').flatMap((info) =>
      childrenNamed(info, 'DrctDbtTxInf').map((tx) => textAt(tx, 'RmtInf/Ustrd')),
    );
    expect(texts).toContain('Beitrag 01.02.-28.02.2027 Vertrag 2026-000001');
  });

  it('writes one PmtInf only for the sequence types it has', () => {
    const document = parseXml(pain008({ ...file, debits: [debit({ endToEndId: '2026-000001-20270201' })] }));
    const infos = childrenNamed(at(document, 'CstmrDrctDbtInitn'), 'PmtInf');
    expect(infos.map((info) => textAt(info, 'PmtTpInf/SeqTp'))).toEqual(['RCUR']);
  });

  it('writes NOTPROVIDED for the creditor agent without the studio BIC', () => {
    const xml = pain008({ ...file, creditor: { ...file.creditor, bic: null } });
    expect(validateFile(xml).status).toBe(0);
    for (const info of childrenNamed(at(parseXml(xml), 'CstmrDrctDbtInitn'), 'PmtInf')) {
      expect(textAt(info, 'CdtrAgt/FinInstnId/Othr/Id')).toBe('NOTPROVIDED');
    }
  });

  it('counts the control sum of 2,000 debits exactly, in whole cents', () => {
    const debits = Array.from({ length: 2000 }, (_, index) =>
      debit({ endToEndId: `2026-${String(index).padStart(6, '0')}-20270201`, amount: 1 + ((index * 7919) % 100_000) }),
    );
    const xml = pain008({ ...file, debits });
    expect(validateFile(xml).status).toBe(0);
    const cents = debits.reduce((sum, item) => sum + item.amount, 0);
    expect(textAt(at(parseXml(xml), 'CstmrDrctDbtInitn'), 'GrpHdr/CtrlSum')).toBe(euros(cents));
  });

  it.each([
    ['an EndToEndId with an umlaut', { debits: [debit({ endToEndId: 'Vertrag-ä' })] }],
    ['an EndToEndId over 35 characters', { debits: [debit({ endToEndId: 'x'.repeat(36) })] }],
    ['a zero amount', { debits: [debit({ endToEndId: 'a', amount: 0 })] }],
    ['a fractional amount', { debits: [debit({ endToEndId: 'a', amount: 10.5 })] }],
    ['two debits with one EndToEndId', { debits: [debit({ endToEndId: 'a' }), debit({ endToEndId: 'a' })] }],
    ['no debit', { debits: [] }],
    [
      'a debtor IBAN outside SEPA',
      { debits: [debit({ endToEndId: 'a', debtor: { name: 'A', iban: 'BR1800360305000010009795493C1', bic: null } })] },
    ],
    ['a wrong creditor id', { creditor: { ...file.creditor, creditorId: 'DE99ZZZ09999999999' } }],
    ['a collection date that is no date', { collectionDate: '2027-02-30' }],
  ] satisfies [string, Partial<CollectionFile>][])(
    'refuses %s rather than write a file the bank rejects',
    (_, change) => {
      expect(() => pain008({ ...file, ...change })).toThrow(RangeError);
    },
  );

  it('writes amounts as euros with two decimals', () => {
    expect([euros(1), euros(10), euros(3999), euros(100), euros(999_999_999_99)]).toEqual([
      '0.01',
      '0.10',
      '39.99',
      '1.00',
      '999999999.99',
    ]);
  });

  it("carries a contract's dues: their ids as EndToEndIds, their amounts, their periods in the text", () => {
    const dues = duesOf(
      {
        number: '2026-000007',
        startDate: '2026-01-31',
        endsOn: '2026-04-10',
        items: [
          { serviceId: 'a', name: 'Aufnahme', billingInterval: 'once', total: { amount: 2900, currency: 'EUR' } },
          {
            serviceId: 'b',
            name: 'Mitgliedschaft',
            billingInterval: 'month',
            total: { amount: 4490, currency: 'EUR' },
          },
        ],
      },
      {},
    );
    const debits = dues.map(
      (due, index): DirectDebit =>
        debit({
          endToEndId: due.id,
          amount: due.amount.amount,
          sequenceType: index === 0 ? 'FRST' : 'RCUR',
          mandate: { reference: '2026-000007-1', signedOn: '2026-01-20' },
          remittance: remittanceText(due, '2026-000007'),
        }),
    );
    const xml = pain008({ ...file, debits });
    expect(validateFile(xml).status).toBe(0);
    const transactions = childrenNamed(at(parseXml(xml), 'CstmrDrctDbtInitn'), 'PmtInf').flatMap((info) =>
      childrenNamed(info, 'DrctDbtTxInf'),
    );
    expect(transactions.map((tx) => [textAt(tx, 'PmtId/EndToEndId'), textAt(tx, 'InstdAmt')])).toEqual([
      ['2026-000007-20260131-E', '29.00'],
      ['2026-000007-20260131-M', '44.90'],
      ['2026-000007-20260301', '44.90'],
      // 11 of 31 days of 31.03.–30.04.: 1593.23 cents.
      ['2026-000007-20260331', '15.93'],
    ]);
    expect(textAt(transactions[3] as XmlElement, 'RmtInf/Ustrd')).toBe('Beitrag 31.03.-30.04.2026 Vertrag 2026-000007');
  });
});
