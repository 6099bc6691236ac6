import { type AreaDefinition, areas } from '../areas.ts';
import type { InEachLanguage, Language } from '../messages/index.ts';

/** A text of an area's declaration, in the languages a bundle carries. */
type BundledText = Partial<Record<Language, string>>;

/** What the areas declare about their problems (`problemTypes` and `entities` in each `shared/<area>/area.ts`). */
export interface AreaProblems {
  /** Each area's own problem codes: status and title. */
  readonly types: Readonly<Record<string, { readonly status: number; readonly title: BundledText }>>;
  /** What the 404 of a `NotFound` says, by the entity it names. */
  readonly notFound: Readonly<Record<string, BundledText>>;
}

const inLanguages = (text: InEachLanguage, languages: readonly Language[]): BundledText =>
  Object.fromEntries(languages.map((language) => [language, text[language]]));

/** The areas' problems with their texts in `languages`; the stack writes them into each bundle in its language. */
export const areaProblemsOf = (declared: readonly AreaDefinition[], languages: readonly Language[]): AreaProblems => ({
  types: Object.fromEntries(
    declared
      .flatMap((area) => Object.entries(area.problemTypes ?? {}))
      .map(([code, { status, title }]) => [code, { status, title: inLanguages(title, languages) }]),
  ),
  notFound: Object.fromEntries(
    declared
      .flatMap((area) => Object.entries(area.entities))
      .map(([entity, text]) => [entity, inLanguages(text, languages)]),
  ),
});

/**
 * In a deployed bundle, what the stack wrote into it (`functionConstants`) in the function's language: every
 * function can answer a 404 or an area's problem, and none bundles the list of areas for it.
 */
export const areaProblems: AreaProblems =
  typeof __STUDIO_AREA_PROBLEMS__ === 'undefined'
    ? areaProblemsOf(areas, ['en', 'de'])
    : (JSON.parse(__STUDIO_AREA_PROBLEMS__) as AreaProblems);
