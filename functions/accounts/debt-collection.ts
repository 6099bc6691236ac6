import { listDebtors } from '#shared/accounts/collection-agency/debtors.ts';
import { debtorsCsv } from '#shared/accounts/collection-agency/debtors-csv.ts';
import { DebtCollectionQuery } from '#shared/accounts/collection-agency/schema.ts';
import type { Reply } from '#shared/http/reply.ts';
import { route } from '#shared/http/route.ts';

// A CSV has no room for `nextCursor`: the next page is a link (RFC 8288), as the JSON's cursor would make it.
const nextPage = (limit: number, cursor: string | null): Record<string, string> =>
  cursor ? { link: `</api/debt-collection?limit=${limit}&cursor=${encodeURIComponent(cursor)}>; rel="next"` } : {};

export const handler = route(
  'accounts-debt-collection',
  { query: DebtCollectionQuery },
  async ({ event, query }): Promise<Reply> => {
    const page = await listDebtors(query);
    const csv = (event.headers?.accept ?? '').toLowerCase().includes('text/csv');
    return csv
      ? {
          status: 200,
          raw: { contentType: 'text/csv; charset=utf-8; header=present', content: debtorsCsv(page) },
          headers: {
            'content-disposition': 'attachment; filename="debt-collection.csv"',
            vary: 'accept',
            ...nextPage(query.limit, page.nextCursor),
          },
        }
      : { status: 200, body: page, headers: { vary: 'accept' } };
  },
);
