import type * as v from 'valibot';
import { type Language, Problem, type ProblemDocument } from '#shared/http/problem.ts';
import { parseOrThrow } from '#shared/http/validate.ts';
import type { OperationDoc } from './operation-doc.ts';

const answerTo = (schema: v.GenericSchema, input: unknown, part: 'body' | 'query', language: Language) => {
  try {
    parseOrThrow(schema, input, part);
    return undefined;
  } catch (error) {
    if (error instanceof Problem) return error.toDocument(language);
    throw error;
  }
};

// Values a query parameter cannot take: empty, below every range, not a number, not a listed value.
const badQueryValues = ['', '0', 'x'];

/**
 * The 400 the server answers to a request that breaks a rule of this operation's own body (an empty
 * object: its first required field is missing) or query (the first parameter with a value it refuses),
 * made by the very validation the handler runs, so the example names a field the operation has.
 */
export const validationExample = (doc: OperationDoc, language: Language): ProblemDocument | undefined => {
  if (doc.body) return answerTo(doc.body.validates, {}, 'body', language);
  const query = doc.query?.schema;
  if (!query) return undefined;
  for (const name of Object.keys(query.entries)) {
    for (const value of badQueryValues) {
      const answer = answerTo(query, { [name]: value }, 'query', language);
      if (answer?.errors?.some((error) => error.path === name)) return answer;
    }
  }
  return undefined;
};
