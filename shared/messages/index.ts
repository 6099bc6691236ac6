import { de } from './de.ts';
import { en } from './en.ts';

/**
 * The languages responses are written in: each route answers in its area's
 * language (`languageOf` in shared/routes.ts), contracts in German.
 */
export type Language = 'en' | 'de';

/** A text of an area's declaration (`shared/<area>/area.ts`), written out in each language as plain data. */
export type InEachLanguage = { readonly [Each in Language]: string };

/** A text in the languages a bundle carries: in the other one it falls back to the one it has. */
export const inLanguage = (texts: Partial<Record<Language, string>>, language: Language): string =>
  texts[language] ?? texts.en ?? texts.de ?? '';

/** An entry of a catalogue: a text, or a small function of what the text names. */
type Entry = string | ((...params: never) => string);

/** What an entry's text names: its parameters, none for a plain text. */
type ParamsOf<Of> = Of extends (...params: infer Params) => string ? Params : [];

/** The German catalogue of English texts: exactly their keys, each entry with the same parameters. */
export type GermanTexts<English> = {
  readonly [Key in keyof English]: English[Key] extends (...params: infer Params) => string
    ? (...params: Params) => string
    : string;
};

/** A catalogue in the languages a bundle carries (only its own, when `__STUDIO_LANGUAGE__` is set). */
type Bundled<English> = { readonly en?: English; readonly de?: GermanTexts<English> };

const write = <English, Key extends keyof English>(
  bundled: Bundled<English>,
  language: Language,
  key: Key,
  params: ParamsOf<English[Key]>,
): string => {
  const catalogue = (bundled[language] ?? bundled.en ?? bundled.de) as Readonly<Record<Key, Entry>>;
  const entry = catalogue[key] as string | ((...values: ParamsOf<English[Key]>) => string);
  return typeof entry === 'function' ? entry(...params) : entry;
};

// A deployed function answers in one language, and only that catalogue is bundled (`__STUDIO_LANGUAGE__`).
const catalogues: Bundled<typeof en> =
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en };

export type MessageKey = keyof typeof en;

/** What a key's text names: its entry's parameters, none for a plain text. */
export type MessageParams<Key extends MessageKey> = ParamsOf<(typeof en)[Key]>;

/** A key whose text needs no parameters: it can stand for its text by itself. */
export type PlainMessageKey = {
  [Key in MessageKey]: MessageParams<Key> extends [] ? Key : never;
}[MessageKey];

/** A text not yet written in any language: the response's language decides, at the edge. */
export type Localized = (language: Language) => string;

/** The text of `key` in `language`. */
export const text = <Key extends MessageKey>(language: Language, key: Key, ...params: MessageParams<Key>): string =>
  write(catalogues, language, key, params);

/** The text of `key`, in whatever language the response turns out to have. */
export const localized =
  <Key extends MessageKey>(key: Key, ...params: MessageParams<Key>): Localized =>
  (language) =>
    text(language, key, ...params);

export const isMessageKey = (value: string): value is MessageKey =>
  Object.hasOwn(catalogues.en ?? catalogues.de ?? {}, value);

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

/** An area's or a shared module's own texts (`shared/<folder>/texts.ts`), keyed and typed by its English ones. */
export interface Texts<English> {
  /** The text of `key`, in whatever language the response turns out to have: a problem's detail or field message. */
  localized<Key extends keyof English>(key: Key, ...params: ParamsOf<English[Key]>): Localized;
  /** A valibot message: the text of `key` in the language of the parse (`lang`). */
  schemaMessage<Key extends keyof English>(key: Key, ...params: ParamsOf<English[Key]>): SchemaMessage;
}

/**
 * The texts a folder keeps beside its code instead of in the central catalogues. The call itself picks the
 * languages by `__STUDIO_LANGUAGE__`, as the catalogues above do, so that esbuild drops the other language's
 * object from a bundle (a choice made in here would keep both):
 * `areaTexts(typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en })`.
 */
export const areaTexts = <English extends Readonly<Record<string, Entry>>>(
  bundled: Bundled<English>,
): Texts<English> => ({
  localized:
    (key, ...params) =>
    (language) =>
      write(bundled, language, key, params),
  schemaMessage:
    (key, ...params) =>
    (issue) =>
      write(bundled, languageOfIssue(issue), key, params),
});
