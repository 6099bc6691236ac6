import type { DebtorList } from './schema.ts';

/*
 * The agency's CSV (docs/accounts.md, "Collection agency"): UTF-8 with a byte order mark (so a spreadsheet reads
 * umlauts), a header row, one line per open item, every cell quoted (RFC 4180, CRLF). No cell can start a formula
 * (OWASP, CSV injection): a value beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`,
 * which a spreadsheet shows as text. Amounts are euros with a decimal point and never negative.
 */

const formulaStart = /^[=+\-@\t\r]/;

/** One cell: defused if it could start a formula, quoted, its quotes doubled. */
export const csvCell = (value: string): string => {
  const text = formulaStart.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
};

const euros = (cents: number) => (cents / 100).toFixed(2);

export const csvHeader = [
  'contractNumber',
  'handedOverOn',
  'lastName',
  'firstName',
  'street',
  'postalCode',
  'city',
  'country',
  'email',
  'item',
  'periodStart',
  'periodEnd',
  'returnedOn',
  'returnReason',
  'amount',
  'bankFee',
  'total',
] as const;

export const debtorsCsv = ({ items }: DebtorList): string => {
  const lines = [csvHeader.map(csvCell).join(',')];
  for (const debtor of items) {
    for (const item of debtor.items) {
      const row = [
        debtor.contractNumber,
        debtor.handedOverOn,
        debtor.lastName,
        debtor.firstName,
        debtor.address?.street ?? '',
        debtor.address?.postalCode ?? '',
        debtor.address?.city ?? '',
        debtor.address?.country ?? '',
        debtor.email ?? '',
        item.text,
        item.periodStart ?? '',
        item.periodEnd ?? '',
        item.returnedOn ?? '',
        item.returnReason ?? '',
        euros(item.amount.amount),
        euros(item.bankFee.amount),
        euros(debtor.total.amount),
      ];
      lines.push(row.map(csvCell).join(','));
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
};
