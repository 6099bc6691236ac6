/**
 * Which `Content-Type` a request body may have: `application/json`, compared
 * case-insensitively (RFC 9110 §8.3.1), with optional whitespace around the
 * `;` of parameters, and a `charset` parameter, if any, that names UTF-8
 * (RFC 8259 §8.1: JSON exchanged between systems is UTF-8).
 *
 * Not accepted (415):
 * - structured-syntax `+json` types (`application/merge-patch+json`,
 *   `application/json-patch+json`, `application/vnd.x+json`): they promise
 *   semantics (a merge, a patch, a vendor format) that our endpoints do not
 *   implement, and a PUT read as a full replace would silently do something
 *   else than the client asked for. Like Stripe and GitHub, the API names the
 *   one type it reads;
 * - any other charset (`iso-8859-1`, `utf-16`): the bytes would be decoded as
 *   something they are not.
 */

// RFC 9110 §5.6.2 token and §5.6.6 parameters; the value may be a quoted string.
const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const parameter = new RegExp(`^(${token})[ \\t]*=[ \\t]*(?:(${token})|"((?:[^"\\\\]|\\\\.)*)")$`);

export interface MediaType {
  /** `type/subtype`, lower-cased. */
  essence: string;
  /** Parameter names lower-cased; values as sent, unquoted. */
  parameters: Map<string, string>;
}

/** Parses a `Content-Type` value, or returns `undefined` when it is not one. */
export const parseMediaType = (value: string): MediaType | undefined => {
  const [essence = '', ...rest] = value.split(';');
  const type = essence.trim().toLowerCase();
  if (!new RegExp(`^${token}/${token}$`).test(type)) return undefined;
  const parameters = new Map<string, string>();
  for (const part of rest) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const match = parameter.exec(trimmed);
    if (!match) return undefined;
    const [, name = '', plain, quoted] = match;
    parameters.set(name.toLowerCase(), plain ?? quoted?.replace(/\\(.)/g, '$1') ?? '');
  }
  return { essence: type, parameters };
};

// The labels the WHATWG Encoding Standard maps to UTF-8 (`utf-8`, `utf8`, `unicode-1-1-utf-8`, …).
const isUtf8Label = (label: string): boolean => {
  try {
    return new TextDecoder(label).encoding === 'utf-8';
  } catch {
    return false;
  }
};

/** True for `application/json`, with no charset or a label of UTF-8 (in any case). */
export const isJsonMediaType = (contentType: string | undefined): boolean => {
  const mediaType = contentType === undefined ? undefined : parseMediaType(contentType);
  if (mediaType?.essence !== 'application/json') return false;
  const charset = mediaType.parameters.get('charset');
  return charset === undefined || isUtf8Label(charset);
};
