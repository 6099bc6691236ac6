import * as v from 'valibot';

export const defaultPageSize = 25;
export const maxPageSize = 100;

/** `limit` and `cursor` of every list, plus that list's own filters; unknown parameters are rejected. */
export const listQuery = <Filters extends v.ObjectEntries>(filters: Filters) =>
  v.strictObject({
    limit: v.pipe(
      v.optional(v.string(), String(defaultPageSize)),
      v.regex(/^\d{1,3}$/, `Must be an integer from 1 to ${maxPageSize}`),
      v.transform(Number),
      v.minValue(1, `Must be an integer from 1 to ${maxPageSize}`),
      v.maxValue(maxPageSize, `Must be an integer from 1 to ${maxPageSize}`),
    ),
    cursor: v.optional(v.pipe(v.string(), v.nonEmpty('Must not be empty'))),
    ...filters,
  });
