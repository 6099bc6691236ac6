import * as v from 'valibot';
import { type Language, languageOfIssue, text } from '../messages/index.ts';
import { type FieldError, Problem } from './problem.ts';

type Issue = v.BaseIssue<unknown>;

const isObjectIssue = (issue: Issue) => issue.type === 'object' || issue.type === 'strict_object';

/** The message of a check that names none of its own (a bare `v.string()`, an object's own keys). */
const fallbackMessage = (issue: Issue): string => {
  const language = languageOfIssue(issue);
  if (isObjectIssue(issue) && issue.kind === 'schema') return text(language, 'validation.mustBeObject');
  if (issue.kind === 'schema' && issue.expected) return text(language, 'validation.invalidType', issue.expected);
  return text(language, 'validation.invalidValue');
};

const describe = (issue: Issue): string => {
  const language = languageOfIssue(issue);
  if (isObjectIssue(issue) && issue.expected === 'never') return text(language, 'validation.unknownField');
  if (isObjectIssue(issue) && issue.received === 'undefined') return text(language, 'field.required');
  return issue.message;
};

/** One entry per field: the first thing wrong with it is what the caller fixes first. */
const toFieldErrors = (issues: readonly Issue[], root: string): FieldError[] => {
  const byPath = new Map<string, string>();
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? root;
    if (!byPath.has(path)) byPath.set(path, describe(issue));
  }
  return [...byPath].map(([path, message]) => ({ path, message }));
};

const parse = <S extends v.GenericSchema>(schema: S, input: unknown, language: Language) =>
  v.safeParse(schema, input, { abortPipeEarly: true, lang: language, message: fallbackMessage });

/**
 * Parses `input` or throws a 400 problem naming every invalid field. valibot
 * writes an issue's message while it parses, in the `lang` of the parse, and
 * the response's language is decided at the edge: so a refused input is parsed
 * again in the language its response is written in.
 */
export const parseOrThrow = <S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  part: 'body' | 'query',
): v.InferOutput<S> => {
  const result = parse(schema, input, 'en');
  if (result.success) return result.output;
  const written = new Map<Language, FieldError[]>([['en', toFieldErrors(result.issues, part)]]);
  const errorsIn = (language: Language): FieldError[] => {
    let errors = written.get(language);
    if (!errors) {
      errors = toFieldErrors(parse(schema, input, language).issues ?? [], part);
      written.set(language, errors);
    }
    return errors;
  };
  throw new Problem(
    'validation-failed',
    (language) => text(language, 'validation.invalidFields', part, errorsIn(language).length),
    {
      errors: errorsIn,
    },
  );
};
