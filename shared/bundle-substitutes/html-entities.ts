/**
 * Takes the place of `html-entities` in the document functions' bundles
 * (`bundleSubstitutes` in infra/bundling.ts). The PDF library escapes its
 * metadata with `encode` (the five XML special characters), and its SVG
 * parser unescapes attribute values with `decode`, which for the copy are
 * only what `drawableSvg` wrote: XML's own references. The package's table
 * of 2,000 HTML named references is 73 KB of the bundle that every cold start
 * parsed and built, about 8 ms.
 */
const escapes: Record<string, string> = { '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;', '&': '&amp;' };
const unescapes: Record<string, string> = { lt: '<', gt: '>', apos: "'", quot: '"', amp: '&' };
// Windows-1252's characters for the bytes 0x80-0x9F (WHATWG Encoding), five of which are unassigned and stay.
const windows1252C1 = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ';

interface Options {
  mode?: string;
  level?: string;
  numeric?: string;
  scope?: string;
}

const onlyDefaults = (options: Options | undefined, name: string) => {
  if (options && Object.keys(options).length > 0) throw new Error(`html-entities stand-in: ${name} takes no options`);
};

/** `encode(text)` with the package's defaults: the five special characters as named references. */
export const encode = (text: string | undefined | null, options?: Options): string => {
  onlyDefaults(options, 'encode');
  return text ? String(text).replace(/[<>'"&]/g, (char) => escapes[char] as string) : '';
};

/** XML's five named references and numeric ones; any other reference stays as it is, as the package leaves unknown names. */
export const decode = (text: string | undefined | null, options?: Options): string => {
  onlyDefaults(options, 'decode');
  if (!text) return '';
  return String(text).replace(/&(?:#(\d+)|#[xX]([\da-fA-F]+)|([0-9a-zA-Z]+));/g, (reference, decimal, hex, name) => {
    if (name !== undefined) return unescapes[name] ?? reference;
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex, 16);
    if (code === 0 || code >= 0x10ffff) return '\ufffd';
    // HTML reads a reference to a C1 control as the Windows-1252 character of that byte, as the package does.
    if (code >= 0x80 && code <= 0x9f) return windows1252C1[code - 0x80] as string;
    return String.fromCodePoint(code);
  });
};
