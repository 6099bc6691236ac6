import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isBic } from '#shared/sepa/bic.ts';
import { isSepaIdentifier, isSepaText, toSepaText } from '#shared/sepa/charset.ts';
import { creditorIdCheckDigits, isCreditorId } from '#shared/sepa/creditor-id.ts';
import { accountHolder, ibanMessages, sepaBic, sepaCreditorId, sepaIban } from '#shared/sepa/fields.ts';
import { ibanProblem, normaliseIban } from '#shared/sepa/iban.ts';

/** The SEPA fields of the studio profile and a contract's direct debit (docs/sepa.md), and their bad inputs. */

const issueOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? null : result.issues[0]?.message;
};

describe('IBAN', () => {
  it.each([
    ['de89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['  DE89370400440532013000 ', 'DE89370400440532013000'],
    ['at61 1904 3002 3457 3201', 'AT611904300234573201'],
    ['GB82 WEST 1234 5698 7654 32', 'GB82WEST12345698765432'],
    ['CH9300762011623852957', 'CH9300762011623852957'],
  ])('accepts %j and stores it as %s', (input, stored) => {
    expect(v.parse(sepaIban(), input)).toBe(stored);
  });

  it.each([
    ['a wrong check digit', 'DE88370400440532013000', 'checksum'],
    ['two swapped digits', 'DE89370400440532031000', 'checksum'],
    ['a digit too few', 'DE8937040044053201300', 'length'],
    ['a digit too many', 'DE893704004405320130000', 'length'],
    ['a country outside SEPA', 'US64SVBKUS6S3300958879', 'country'],
    ['a Brazilian IBAN (valid, but not SEPA)', 'BR1800360305000010009795493C1', 'country'],
    ['letters where a German IBAN has digits', 'DE12ABCD0044053201300012', 'length'],
    ['no country', '1234567890', 'format'],
    ['an empty string', '', 'format'],
    ['punctuation', 'DE89-3704-0044-0532-0130-00', 'format'],
  ] as const)('refuses %s (%s) as %s', (_, input, problem) => {
    expect(ibanProblem(normaliseIban(input))).toBe(problem);
    expect(issueOf(sepaIban(), input)).toBe(ibanMessages[problem]);
  });

  it('refuses what is not a string, and says so in the message it is given', () => {
    expect(issueOf(sepaIban(), 12345)).toBe(ibanMessages.type);
    expect(issueOf(sepaIban({ checksum: 'Prüfziffer falsch' }), 'DE88370400440532013000')).toBe('Prüfziffer falsch');
  });
});

describe('BIC', () => {
  it.each(['DEUTDEFF', 'DEUTDEFF500', 'COBADEFFXXX', 'BYLADEM1001'])('accepts %s', (bic) => {
    expect(isBic(bic)).toBe(true);
  });

  it.each([
    ['9 characters', 'DEUTDEFF5'],
    ['10 characters', 'DEUTDEFF50'],
    ['12 characters', 'DEUTDEFF5000'],
    ['digits in the bank code', 'DE1TDEFF'],
    ['an unknown country', 'DEUTXXFF'],
    ['a space inside', 'DEUT DEFF'],
  ])('refuses %s (%s)', (_, bic) => {
    expect(isBic(bic)).toBe(false);
    expect(issueOf(sepaBic(), bic)).toMatch(/BIC/);
  });

  it('stores it in upper case, and a missing one as null', () => {
    expect(v.parse(sepaBic(), ' deutdeff ')).toBe('DEUTDEFF');
    expect(v.parse(sepaBic(), null)).toBeNull();
    expect(v.parse(sepaBic(), undefined)).toBeNull();
    expect(v.parse(sepaBic(), '')).toBeNull();
  });
});

describe('creditor identifier', () => {
  it.each(['DE98ZZZ09999999999', 'de98 zzz 0999 9999 999', 'DE98ABC09999999999'])('accepts %j', (input) => {
    expect(issueOf(sepaCreditorId(), input)).toBeNull();
  });

  it('computes the check digits over the national part only, the business code left out', () => {
    expect(creditorIdCheckDigits('DE', '09999999999')).toBe('98');
    expect(isCreditorId('DE98ZZZ09999999999')).toBe(isCreditorId('DE98XYZ09999999999'));
  });

  it.each([
    ['a wrong check', 'DE97ZZZ09999999999'],
    ['a mistyped national id', 'DE98ZZZ09999999998'],
    ['a German national id of 10 digits', 'DE98ZZZ0999999999'],
    ['a country outside SEPA', 'US98ZZZ09999999999'],
    ['no business code', 'DE9809999999999'],
    ['punctuation', 'DE98-ZZZ-09999999999'],
    ['more than 35 characters', `DE98ZZZ${'1'.repeat(29)}`],
  ])('refuses %s (%s)', (_, input) => {
    expect(issueOf(sepaCreditorId(), input)).toMatch(/creditor identifier/);
  });
});

describe('account holder', () => {
  it('takes 1–70 characters of one line in any script', () => {
    expect(v.parse(accountHolder(), ' Zoë Łukasz ')).toBe('Zoë Łukasz');
    expect(issueOf(accountHolder(), 'a'.repeat(70))).toBeNull();
    expect(issueOf(accountHolder(), 'a'.repeat(71))).not.toBeNull();
    expect(issueOf(accountHolder(), 'Anna\u0007 Muster')).not.toBeNull();
    expect(issueOf(accountHolder(), 'Anna\nMuster')).not.toBeNull();
    expect(issueOf(accountHolder(), '   ')).not.toBeNull();
  });
});

describe('the SEPA character set', () => {
  it.each([
    ['Jörg Weiß', 'Joerg Weiss'],
    ['ÄÖÜ äöü ß', 'AeOeUe aeoeue ss'],
    ['GROẞ', 'GROSS'],
    ['Müller & Söhne', 'Mueller + Soehne'],
    ['José Núñez', 'Jose Nunez'],
    ['François Lefèvre-Çelik', 'Francois Lefevre-Celik'],
    ['Søren Ærø', 'Soren AEro'],
    ['Łukasz Œuvre', 'Lukasz OEuvre'],
    ['Beitrag 01.02.–28.02.2027', 'Beitrag 01.02.-28.02.2027'],
    ['„Premium“ Tarif', "'Premium' Tarif"],
    ['mail@example.com #1 *50%', 'mail example.com 1 50'],
    ['Tab\tand\nnew line', 'Tab and new line'],
    ['山田 太郎 Yamada', 'Yamada'],
    ['O’Brien (Kurs: 12/2026)?', "O'Brien (Kurs: 12/2026)?"],
  ])('writes %j as %j', (input, written) => {
    expect(toSepaText(input)).toBe(written);
    expect(isSepaText(toSepaText(input))).toBe(true);
  });

  it('cuts to the length after transliterating, without a trailing space', () => {
    expect(toSepaText('ä'.repeat(40), 70)).toHaveLength(70);
    expect(toSepaText('ab cd', 3)).toBe('ab');
  });

  it.each([
    ['2026-000001-20270201', true],
    ['2026-000001-1', true],
    ["A+?/-:().,' z", true],
    ['', false],
    ['x'.repeat(36), false],
    ['Vertrag-ä', false],
    ['/start', false],
    ['end/', false],
    ['a//b', false],
    [' padded', false],
    ['a&b', false],
  ])('takes %j as an identifier: %s', (value, expected) => {
    expect(isSepaIdentifier(value)).toBe(expected);
  });
});
