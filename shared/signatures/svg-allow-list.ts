import { ImageRejection } from './image-rejection.ts';
import { parseXmlSubset, type XmlElement } from './xml-subset.ts';

const svgNamespace = 'http://www.w3.org/2000/svg';
// signature_pad's toSVG() declares it on every drawing; only the declaration is allowed, never an xlink: attribute.
const xlinkNamespace = 'http://www.w3.org/1999/xlink';

const drawingElements = new Set(['svg', 'g', 'path', 'polyline', 'polygon', 'line', 'rect', 'circle', 'ellipse']);
const textElements = new Set(['title', 'desc']);

const drawingAttributes = new Set([
  'd',
  'points',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'fill',
  'fill-opacity',
  'fill-rule',
  'opacity',
  'transform',
  'version',
]);

// Colours and transforms are the only functions a drawing needs; `url(` (and every other function) is refused.
const allowedFunctions = new Set([
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'matrix',
  'translate',
  'scale',
  'rotate',
  'skewx',
  'skewy',
]);

// Path data and point lists carry the drawing; every other value is a number, a colour or a short transform.
const longValueAttributes = new Set(['d', 'points']);
const maxShortValueLength = 256;
// No coordinate needs more digits. Long digit runs are what backtracking number readers further
// down the line (a PDF renderer's colour or path parser) take quadratic time on.
const maxDigitRun = 32;

const isLetter = (char: string) => (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z');
const isDigit = (char: string) => char >= '0' && char <= '9';
const isValueChar = (char: string) => isLetter(char) || isDigit(char) || ' \t\n.,+-#%()'.includes(char);

/**
 * Numbers, names, `#rrggbb`, percentages and the functions above: no `:`, `/`, quote,
 * backslash or `;`, so no scheme, path, CSS escape or declaration can be spelled.
 */
const isPlainValue = (value: string) => {
  let wordStart = 0;
  let digitRun = 0;
  for (let index = 0; index < value.length; index++) {
    const char = value[index] as string;
    if (!isValueChar(char)) return false;
    if (char === '(' && !allowedFunctions.has(value.slice(wordStart, index).toLowerCase())) return false;
    if (!isLetter(char)) wordStart = index + 1;
    digitRun = isDigit(char) ? digitRun + 1 : 0;
    if (digitRun > maxDigitRun) return false;
  }
  return true;
};

const isXmlSpaceOnly = (text: string) => {
  for (const char of text) if (char !== ' ' && char !== '\t' && char !== '\n') return false;
  return true;
};

const checkAttribute = (name: string, value: string) => {
  if (name === 'xmlns') {
    if (value !== svgNamespace) throw new ImageRejection('svg-namespace', value || 'xmlns=""');
    return;
  }
  if (name === 'xmlns:xlink' && value === xlinkNamespace) return;
  if (name.includes(':')) throw new ImageRejection('svg-namespace', name);
  if (!drawingAttributes.has(name)) throw new ImageRejection('svg-attribute', name);
  const tooLong = !longValueAttributes.has(name) && value.length > maxShortValueLength;
  if (tooLong || !isPlainValue(value)) throw new ImageRejection('svg-attribute-value', name);
};

// Recursion is bounded by the parser's depth limit.
const checkElement = (element: XmlElement) => {
  if (element.name.includes(':')) throw new ImageRejection('svg-namespace', element.name);
  if (textElements.has(element.name)) {
    const [attribute] = element.attributes[0] ?? [];
    if (attribute !== undefined) throw new ImageRejection('svg-attribute', attribute);
    if (element.children[0]) throw new ImageRejection('svg-element', element.children[0].name);
    return;
  }
  if (!drawingElements.has(element.name)) throw new ImageRejection('svg-element', element.name);
  for (const [name, value] of element.attributes) checkAttribute(name, value);
  if (!isXmlSpaceOnly(element.text)) throw new ImageRejection('svg-text', element.name);
  for (const child of element.children) checkElement(child);
};

const startsWithUtf16Mark = (bytes: Uint8Array) =>
  (bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe);

const decodeUtf8 = (bytes: Uint8Array) => {
  if (startsWithUtf16Mark(bytes)) throw new ImageRejection('svg-encoding', 'UTF-16');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImageRejection('svg-encoding');
  }
};

/**
 * Accepts an SVG made only of drawing elements with geometry and paint attributes:
 * what a signature pad produces. Anything that could run, load or style (scripts, event
 * handlers, links, `<use>`, `<image>`, `<style>`, foreign objects, other namespaces) is
 * not on the list and so refused, however it is spelled.
 */
export const checkSvgDocument = (bytes: Uint8Array): void => {
  const root = parseXmlSubset(decodeUtf8(bytes));
  if (root.name !== 'svg') throw new ImageRejection('svg-root', root.name);
  if (!root.attributes.some(([name]) => name === 'xmlns')) throw new ImageRejection('svg-root', root.name);
  checkElement(root);
};
