import * as v from 'valibot';
import { schemaMessage } from '../messages/index.ts';

export const defaultPageSize = 25;
export const maxPageSize = 100;

const limitMessage = schemaMessage('field.integerRange', 1, maxPageSize);

/** `limit` and `cursor` of every list, plus that list's own filters; unknown parameters are rejected. */
export const listQuery = <Filters extends v.ObjectEntries>(filters: Filters) =>
  v.strictObject({
    limit: v.pipe(
      v.optional(v.string(limitMessage), String(defaultPageSize)),
      v.regex(/^\d{1,3}$/, limitMessage),
      v.transform(Number),
      v.minValue(1, limitMessage),
      v.maxValue(maxPageSize, limitMessage),
    ),
    cursor: v.optional(v.pipe(v.string(), v.nonEmpty(schemaMessage('field.mustNotBeEmpty')))),
    ...filters,
  });
