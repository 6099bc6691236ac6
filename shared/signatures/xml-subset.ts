/*
 * Over 250 lines on purpose: one strict, linear-time XML parser in one file (names, attributes,
 * references, character data and the refusals of XML 1.0 it enforces), split it and each part
 * would only make sense beside the others. Every well-kept parser was over the sign function's
 * bundle budget (README, Decisions).
 */
import { ImageRejection } from './image-rejection.ts';

/** An element as the document states it: references decoded, attribute values normalised (XML 1.0 §3.3.3). */
export interface XmlElement {
  name: string;
  /** In document order; names are unique per element. */
  attributes: [name: string, value: string][];
  children: XmlElement[];
  /** All character data directly inside the element, concatenated. */
  text: string;
}

/** Deeper nesting than this is refused: a drawing needs a few groups, a renderer's recursion needs a bound. */
export const maxXmlDepth = 64;

const predefinedEntities = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['apos', "'"],
  ['quot', '"'],
]);
// Long enough for any code point (&#1114111; or &#x10FFFF; with leading zeros trimmed by nobody sane).
const maxReferenceDigits = 8;

const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);
const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r';
const isAsciiLetter = (char: string) => (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z');
const isDigit = (char: string) => char >= '0' && char <= '9';
const isHexDigit = (char: string) => isDigit(char) || (char >= 'a' && char <= 'f') || (char >= 'A' && char <= 'F');
const isNameStart = (char: string) => isAsciiLetter(char) || char === '_' || char === ':';
const isNameChar = (char: string) => isNameStart(char) || isDigit(char) || char === '-' || char === '.';

// Counted from 1, as an editor shows a column.
const malformedAt = (position: number) => new ImageRejection('svg-malformed', String(position + 1));

/** Every character must be one XML allows (§2.2): no NUL from UTF-16 bytes read as UTF-8, no lone surrogates. */
const checkCharacters = (source: string) => {
  for (let index = 0; index < source.length; index++) {
    const code = source.codePointAt(index) as number;
    if (!isXmlChar(code)) throw malformedAt(index);
    if (code > 0xffff) index++;
  }
};

/**
 * A strict parser for the small part of XML 1.0 a drawing needs: an XML declaration,
 * comments, elements, attributes, character data and character references. Everything
 * else is refused, DOCTYPE (and with it every declared entity) first, so nothing a
 * document says can make the parser fetch, expand or execute. One pass, no backtracking:
 * time and memory are linear in the input.
 */
export const parseXmlSubset = (input: string): XmlElement => {
  checkCharacters(input);
  // End-of-line handling (§2.11) before anything else, as every conforming parser does.
  const source = input.replace(/\r\n?/g, '\n');
  let position = 0;

  const at = (text: string) => source.startsWith(text, position);
  const expect = (text: string) => {
    if (!at(text)) throw malformedAt(position);
    position += text.length;
  };
  const skipSpace = () => {
    const start = position;
    while (isSpace(source[position])) position++;
    return position > start;
  };

  // Only ASCII names: every name the allow-list knows is one, and a narrower grammar leaves less to get wrong.
  const readName = (refusal: 'svg-element' | 'svg-attribute' | 'svg-entity') => {
    const start = position;
    while (position < source.length && (isNameChar(source[position] as string) || source.charCodeAt(position) > 0x7f))
      position++;
    const name = source.slice(start, position);
    if (name === '') throw malformedAt(start);
    for (const char of name) {
      if (char.charCodeAt(0) > 0x7f) throw new ImageRejection(refusal, name);
    }
    if (!isNameStart(name[0] as string)) throw malformedAt(start);
    return name;
  };

  const readReference = () => {
    const start = position;
    position++;
    if (at('#')) {
      position++;
      const hex = at('x');
      if (hex) position++;
      const digitsStart = position;
      while (position < source.length && (hex ? isHexDigit : isDigit)(source[position] as string)) {
        if (position - digitsStart >= maxReferenceDigits) throw malformedAt(start);
        position++;
      }
      if (position === digitsStart) throw malformedAt(start);
      const code = Number.parseInt(source.slice(digitsStart, position), hex ? 16 : 10);
      expect(';');
      if (!isXmlChar(code)) throw malformedAt(start);
      return String.fromCodePoint(code);
    }
    const name = readName('svg-entity');
    expect(';');
    const replacement = predefinedEntities.get(name);
    if (replacement === undefined) throw new ImageRejection('svg-entity', `&${name};`);
    return replacement;
  };

  const readQuoted = () => {
    const quote = source[position];
    if (quote !== '"' && quote !== "'") throw malformedAt(position);
    const end = source.indexOf(quote, position + 1);
    if (end < 0) throw malformedAt(position);
    const value = source.slice(position + 1, end);
    position = end + 1;
    return value;
  };

  const readAttributeValue = () => {
    const quote = source[position];
    if (quote !== '"' && quote !== "'") throw malformedAt(position);
    position++;
    let value = '';
    let start = position;
    for (;;) {
      const char = source[position];
      if (char === undefined || char === '<') throw malformedAt(position);
      if (char === quote) break;
      if (char === '&') {
        value += source.slice(start, position) + readReference();
        start = position;
      } else if (char === '\t' || char === '\n') {
        value += `${source.slice(start, position)} `;
        start = ++position;
      } else {
        position++;
      }
    }
    value += source.slice(start, position);
    position++;
    return value;
  };

  const readComment = () => {
    const end = source.indexOf('--', position + 4);
    // "--" may only close a comment (§2.5).
    if (end < 0 || source[end + 2] !== '>') throw malformedAt(end < 0 ? position : end);
    position = end + 3;
  };

  const refuseMarkup = () => {
    if (at('<?')) throw new ImageRejection('svg-processing-instruction');
    if (at('<!DOCTYPE')) throw new ImageRejection('svg-doctype');
    if (at('<![CDATA[')) throw new ImageRejection('svg-cdata');
    throw malformedAt(position);
  };

  // Misc* around the root element (§2.8): only white space and comments are allowed here.
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (at('<!--')) readComment();
      else if (at('<?') || at('<!')) refuseMarkup();
      else return;
    }
  };

  const readDeclaration = () => {
    position = '<?xml'.length;
    if (!skipSpace()) throw malformedAt(position);
    expect('version');
    readEquals();
    if (readQuoted() !== '1.0') throw malformedAt(position);
    let spaced = skipSpace();
    if (spaced && at('encoding')) {
      position += 'encoding'.length;
      readEquals();
      const encoding = readQuoted();
      // The bytes were decoded as UTF-8; a document that claims otherwise would be read differently elsewhere.
      if (encoding.toLowerCase() !== 'utf-8') throw new ImageRejection('svg-encoding', encoding);
      spaced = skipSpace();
    }
    if (spaced && at('standalone')) {
      position += 'standalone'.length;
      readEquals();
      const standalone = readQuoted();
      if (standalone !== 'yes' && standalone !== 'no') throw malformedAt(position);
      skipSpace();
    }
    expect('?>');
  };
  const readEquals = () => {
    skipSpace();
    expect('=');
    skipSpace();
  };

  const readStartTag = (): { element: XmlElement; empty: boolean } => {
    position++;
    const element: XmlElement = { name: readName('svg-element'), attributes: [], children: [], text: '' };
    const names = new Set<string>();
    for (;;) {
      const spaced = skipSpace();
      if (at('/>')) {
        position += 2;
        return { element, empty: true };
      }
      if (at('>')) {
        position++;
        return { element, empty: false };
      }
      // Attributes must be separated by white space (§3.1): `height="10"onload=…` is not XML.
      if (!spaced) throw malformedAt(position);
      const nameAt = position;
      const name = readName('svg-attribute');
      readEquals();
      const value = readAttributeValue();
      if (names.has(name)) throw malformedAt(nameAt);
      names.add(name);
      element.attributes.push([name, value]);
    }
  };

  const readText = (element: XmlElement) => {
    let start = position;
    while (position < source.length && source[position] !== '<') {
      if (source[position] === '&') {
        element.text += source.slice(start, position) + readReference();
        start = position;
      } else if (at(']]>')) {
        throw malformedAt(position);
      } else {
        position++;
      }
    }
    element.text += source.slice(start, position);
  };

  if (at('<?xml') && isSpace(source[5])) readDeclaration();
  skipMisc();
  if (!at('<')) throw malformedAt(position);
  const { element: root, empty } = readStartTag();
  const open: XmlElement[] = empty ? [] : [root];
  while (open.length > 0) {
    const current = open[open.length - 1] as XmlElement;
    if (position >= source.length) throw malformedAt(position);
    if (!at('<')) {
      readText(current);
    } else if (at('</')) {
      const nameAt = position + 2;
      position = nameAt;
      if (readName('svg-element') !== current.name) throw malformedAt(nameAt);
      skipSpace();
      expect('>');
      open.pop();
    } else if (at('<!--')) {
      readComment();
    } else if (at('<?') || at('<!')) {
      refuseMarkup();
    } else {
      if (open.length >= maxXmlDepth) throw new ImageRejection('svg-too-deep');
      const { element, empty: isEmpty } = readStartTag();
      current.children.push(element);
      if (!isEmpty) open.push(element);
    }
  }
  skipMisc();
  if (position < source.length) throw malformedAt(position);
  return root;
};
