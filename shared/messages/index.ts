import { de } from './de.ts';
import { en } from './en.ts';

/**
 * The languages responses are written in: each route answers in its area's
 * language (`languageOf` in shared/routes.ts), contracts in German.
 */
export type Language = 'en' | 'de';

// A deployed function answers in one language, and only that catalogue is bundled (`__STUDIO_LANGUAGE__`).
type Catalogue = Readonly<Record<MessageKey, unknown>>;
const catalogues: Partial<Record<Language, Catalogue>> =
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en };
const anyCatalogue = (catalogues.en ?? catalogues.de) as Catalogue;

export type MessageKey = keyof typeof en;

/** What a key's text names: its entry's parameters, none for a plain text. */
export type MessageParams<Key extends MessageKey> = (typeof en)[Key] extends (...params: infer Params) => string
  ? Params
  : [];

/** A key whose text needs no parameters: it can stand for its text by itself. */
export type PlainMessageKey = {
  [Key in MessageKey]: MessageParams<Key> extends [] ? Key : never;
}[MessageKey];

/** A text not yet written in any language: the response's language decides, at the edge. */
export type Localized = (language: Language) => string;

/** The text of `key` in `language`. */
export const text = <Key extends MessageKey>(language: Language, key: Key, ...params: MessageParams<Key>): string => {
  const entry = (catalogues[language] ?? anyCatalogue)[key] as string | ((...values: MessageParams<Key>) => string);
  return typeof entry === 'function' ? entry(...params) : entry;
};

/** The text of `key`, in whatever language the response turns out to have. */
export const localized =
  <Key extends MessageKey>(key: Key, ...params: MessageParams<Key>): Localized =>
  (language) =>
    text(language, key, ...params);

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(anyCatalogue, value);

/** valibot hands a message function the issue, and the issue carries the `lang` of the parse config. */
export const languageOfIssue = (issue: { readonly lang?: string | undefined }): Language =>
  issue.lang === 'de' ? 'de' : 'en';

/** A valibot message function: valibot calls it with the issue, which carries the parse's `lang`. */
export type SchemaMessage = (issue: { readonly lang?: string | undefined }) => string;

/**
 * A valibot message from the catalogue: one schema answers in each route's
 * language, the one `parseOrThrow` passes to the parse as `lang`.
 */
export const schemaMessage =
  <Key extends MessageKey>(key: Key, ...params: MessageParams<Key>): SchemaMessage =>
  (issue) =>
    text(languageOfIssue(issue), key, ...params);
