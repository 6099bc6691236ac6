import type * as v from 'valibot';
import { idempotencyKeyOf } from '#shared/http/idempotency-key.ts';
import { type Language, Problem, type ProblemDocument } from '#shared/http/problem.ts';
import { parseOrThrow } from '#shared/http/validate.ts';
import type { OperationDoc } from './operation-doc.ts';

const answerOf = (check: () => unknown, language: Language) => {
  try {
    check();
    return undefined;
  } catch (error) {
    if (error instanceof Problem) return error.toDocument(language);
    throw error;
  }
};

const answerTo = (schema: v.GenericSchema, input: unknown, part: 'body' | 'query', language: Language) =>
  answerOf(() => parseOrThrow(schema, input, part), language);

// Values a body field cannot take: of the wrong JSON type for every field kind there is.
const badBodyValues = [123, 'x', true, []];

/** The entries of an object schema, also behind the pipe that adds checks across fields. */
const objectEntriesOf = (schema: v.GenericSchema): v.ObjectEntries => {
  const withPipe = schema as v.GenericSchema & { entries?: v.ObjectEntries; pipe?: readonly v.GenericSchema[] };
  if (withPipe.entries) return withPipe.entries;
  const first = withPipe.pipe?.[0] as (v.GenericSchema & { entries?: v.ObjectEntries }) | undefined;
  return first?.entries ?? {};
};

// Values a query parameter cannot take: empty, below every range, not a number, not a listed value.
const badQueryValues = ['', '0', 'x'];

/**
 * The 400 the server answers to a request that breaks a rule of this operation's own body (an empty
 * object: its first required field is missing) or query (the first parameter with a value it refuses),
 * made by the very validation the handler runs, so the example names a field the operation has.
 */
export const validationExample = (doc: OperationDoc, language: Language): ProblemDocument | undefined => {
  if (doc.body) {
    const schema = doc.body.validates;
    const empty = answerTo(schema, {}, 'body', language);
    if (empty) return empty;
    // A body whose every field is optional (a termination): the first field with a value it refuses.
    for (const name of Object.keys(objectEntriesOf(schema))) {
      for (const value of badBodyValues) {
        const answer = answerTo(schema, { [name]: value }, 'body', language);
        if (answer?.errors?.some((error) => error.path === name)) return answer;
      }
    }
    return undefined;
  }
  const query = doc.query?.schema;
  // A POST without body or query (a reminder, a handover) can only be refused for its Idempotency-Key.
  if (!query) return answerOf(() => idempotencyKeyOf({ headers: { 'idempotency-key': '' } }), language);
  for (const name of Object.keys(query.entries)) {
    for (const value of badQueryValues) {
      const answer = answerTo(query, { [name]: value }, 'query', language);
      if (answer?.errors?.some((error) => error.path === name)) return answer;
    }
  }
  return undefined;
};
