import { type HttpLoadResult, loadTest } from './http-load.ts';
import { withLocalApi } from './local-api.ts';

/**
 * Get contact and list contacts through the local server, JWT authorizer
 * included, with an owner's token made by the local identity provider.
 */
export const measureHttp = (
  contactId: string,
  options: { connections: number; seconds: number },
): Promise<HttpLoadResult[]> =>
  withLocalApi(async (api, token) => {
    const headers = { authorization: `Bearer ${token}` };
    const results: HttpLoadResult[] = [];
    for (const path of [`/api/contacts/${contactId}`, '/api/contacts?limit=25']) {
      results.push(await loadTest(api.url, path, headers, options));
    }
    return results;
  });
