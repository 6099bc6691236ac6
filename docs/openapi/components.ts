import * as v from 'valibot';
import type { ProblemDocument } from '#shared/http/problem.ts';
import { documentObject, documentVariant, type EntryDocs, type FieldDocs, type ObjectLike } from './describe.ts';

/** A schema of `components.schemas`: the documented copy, and the schema that validates its examples. */
export interface Component {
  readonly documented: v.GenericSchema;
  readonly validates: v.GenericSchema;
  readonly examples: readonly unknown[];
}

export const component = <Schema extends ObjectLike & v.GenericSchema>(
  schema: Schema,
  name: string,
  docs: EntryDocs<Schema>,
  about: { readonly text: string; readonly examples?: readonly v.InferInput<Schema>[] },
): Component => ({
  documented: documentObject(schema, name, docs, about),
  validates: schema,
  examples: about.examples ?? [],
});

/** A variant (one strict object per value of its key) as a component: one set of field docs for all options. */
export const variantComponent = (
  schema: v.GenericSchema,
  name: string,
  docs: FieldDocs,
  about: { readonly text: string; readonly examples?: readonly unknown[] },
): Component => ({
  documented: documentVariant(schema, name, docs, about),
  validates: schema,
  examples: about.examples ?? [],
});

/** RFC 9457 problem details, as `Problem#toDocument` writes them. */
export const ProblemDocumentSchema = v.object({
  type: v.pipe(v.string(), v.url()),
  title: v.string(),
  status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
  detail: v.optional(v.string()),
  errors: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
});
// The schema must describe what the code writes: this fails to compile when they part.
const _problemDocumentsConform = (document: ProblemDocument): v.InferOutput<typeof ProblemDocumentSchema> => document;

/** API Gateway's own answers (401 before any function runs, 429 when throttled): not problem+json. */
export const GatewayAnswerSchema = v.object({ message: v.string() });

/** The error bodies: problems in both languages, and the gateway's own answers. */
export const problemComponents = {
  Problem: component(
    ProblemDocumentSchema,
    'Problem',
    {
      type: 'A URI naming the kind of problem; the last segment is its code.',
      title: 'A short summary of the kind of problem, the same for every occurrence.',
      status: 'The HTTP status.',
      detail: 'What went wrong this time.',
      errors: {
        text: 'One entry per invalid field, with the first thing wrong with it.',
        fields: {
          path: 'The field, as a dotted path (`address.country`, `items.0.quantity`).',
          message: 'What is wrong.',
        },
      },
    },
    { text: 'RFC 9457 problem details: every error of the API.' },
  ),
  ProblemDe: component(
    ProblemDocumentSchema,
    'ProblemDe',
    {
      type: 'Eine URI, die die Art des Problems benennt; das letzte Segment ist ihr Code.',
      title: 'Kurze Zusammenfassung der Art des Problems, bei jedem Auftreten gleich.',
      status: 'Der HTTP-Status.',
      detail: 'Was diesmal falsch war.',
      errors: {
        text: 'Je ungültigem Feld ein Eintrag, mit dem ersten Fehler des Felds.',
        fields: { path: 'Das Feld als Pfad mit Punkten (`items.0.quantity`).', message: 'Was falsch ist.' },
      },
    },
    { text: 'Problemdetails nach RFC 9457: jeder Fehler der API, mit deutschen Titeln im Vertragsbereich.' },
  ),
  GatewayAnswer: component(
    GatewayAnswerSchema,
    'GatewayAnswer',
    { message: 'The gateway’s message, such as `Unauthorized` or `Too Many Requests`.' },
    { text: 'An answer of the API gateway itself, given before the API runs: not problem+json.' },
  ),
} satisfies Record<string, Component>;
