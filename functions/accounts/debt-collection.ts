import { listDebtors } from '#shared/accounts/collection-agency/debtors.ts';
import { debtorsCsv } from '#shared/accounts/collection-agency/debtors-csv.ts';
import type { Reply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('accounts-debt-collection', {}, async ({ event }): Promise<Reply> => {
  const debtors = await listDebtors();
  const csv = (event.headers?.accept ?? '').toLowerCase().includes('text/csv');
  return csv
    ? {
        status: 200,
        raw: { contentType: 'text/csv; charset=utf-8; header=present', content: debtorsCsv(debtors) },
        headers: { 'content-disposition': 'attachment; filename="debt-collection.csv"', vary: 'accept' },
      }
    : { status: 200, body: debtors, headers: { vary: 'accept' } };
});
