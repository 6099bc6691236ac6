import * as v from 'valibot';
import { type FieldError, Problem } from './problem.ts';

const describe = (issue: v.BaseIssue<unknown>): string => {
  const isObjectKeyIssue = issue.type === 'object' || issue.type === 'strict_object';
  if (isObjectKeyIssue && issue.expected === 'never') return 'Unknown field';
  if (isObjectKeyIssue && issue.received === 'undefined') return 'Required';
  return issue.message;
};

/** One entry per field: the first thing wrong with it is what the caller fixes first. */
export const toFieldErrors = (issues: readonly v.BaseIssue<unknown>[], root: string): FieldError[] => {
  const byPath = new Map<string, string>();
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? root;
    if (!byPath.has(path)) byPath.set(path, describe(issue));
  }
  return [...byPath].map(([path, message]) => ({ path, message }));
};

/** Parses `input` or throws a 400 problem naming every invalid field. */
export const parseOrThrow = <S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  part: 'body' | 'query',
): v.InferOutput<S> => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const errors = toFieldErrors(result.issues, part);
  const noun = errors.length === 1 ? 'field is' : 'fields are';
  const where = part === 'body' ? 'request body' : 'query';
  throw new Problem('validation-failed', `${errors.length} ${noun} invalid in the ${where}`, { errors });
};
