/**
 * The few DER (X.690) encodings a certificate and a CMS signature need. Each
 * function returns a complete TLV; nesting them builds the structure.
 */

const concat = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const lengthBytes = (length: number): number[] => {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return [0x80 | bytes.length, ...bytes];
};

export const tlv = (tag: number, ...content: readonly Uint8Array[]): Uint8Array => {
  const body = concat(content);
  return concat([Uint8Array.of(tag, ...lengthBytes(body.length)), body]);
};

export const sequence = (...items: readonly Uint8Array[]) => tlv(0x30, ...items);

/** DER sorts a SET OF by its elements' encodings (X.690 §11.6). */
export const setOf = (...items: readonly Uint8Array[]) =>
  tlv(0x31, ...[...items].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));

/** `[n]` EXPLICIT, constructed. */
export const explicit = (tagNumber: number, ...content: readonly Uint8Array[]) => tlv(0xa0 | tagNumber, ...content);

/** `[n]` IMPLICIT over a constructed type: its content with the context tag instead of its own. */
export const implicitConstructed = (tagNumber: number, encoded: Uint8Array): Uint8Array =>
  retag(0xa0 | tagNumber, encoded);

/** `[n]` IMPLICIT over a primitive type (an IA5String in a GeneralName, say). */
export const implicitPrimitive = (tagNumber: number, encoded: Uint8Array): Uint8Array =>
  retag(0x80 | tagNumber, encoded);

const retag = (tag: number, encoded: Uint8Array): Uint8Array => {
  const copy = Uint8Array.from(encoded);
  copy[0] = tag;
  return copy;
};

/** A non-negative INTEGER from its big-endian magnitude. */
export const unsignedInteger = (magnitude: Uint8Array): Uint8Array => {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const trimmed = magnitude.subarray(start);
  const needsSignByte = ((trimmed[0] ?? 0) & 0x80) !== 0;
  return tlv(0x02, needsSignByte ? Uint8Array.of(0, ...trimmed) : trimmed);
};

export const smallInteger = (value: number) => unsignedInteger(Uint8Array.of(value));

export const oid = (dotted: string): Uint8Array => {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes: number[] = [first * 40 + second];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let value = arc; ; value = Math.floor(value / 128)) {
      groups.unshift(value % 128);
      if (value < 128) break;
    }
    bytes.push(...groups.map((group, index) => (index < groups.length - 1 ? group | 0x80 : group)));
  }
  return tlv(0x06, Uint8Array.from(bytes));
};

export const octetString = (bytes: Uint8Array) => tlv(0x04, bytes);
export const bitString = (bytes: Uint8Array) => tlv(0x03, Uint8Array.of(0), bytes);
export const boolean = (value: boolean) => tlv(0x01, Uint8Array.of(value ? 0xff : 0));
export const utf8String = (text: string) => tlv(0x0c, new TextEncoder().encode(text));
export const ia5String = (text: string) => tlv(0x16, new TextEncoder().encode(text));

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** UTCTime up to 2049, GeneralizedTime from 2050 on (RFC 5280 §4.1.2.5). */
export const time = (date: Date): Uint8Array => {
  const year = date.getUTCFullYear();
  const rest = [
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  ]
    .map(twoDigits)
    .join('');
  if (year < 2050) return tlv(0x17, new TextEncoder().encode(`${twoDigits(year % 100)}${rest}Z`));
  return tlv(0x18, new TextEncoder().encode(`${year}${rest}Z`));
};

/** One decoded TLV: where its content lies in the input. */
export interface DerElement {
  tag: number;
  /** Offset of the tag byte. */
  start: number;
  contentStart: number;
  end: number;
}

/** Reads the TLV at `offset`; enough to find a certificate's parts without a full ASN.1 parser. */
export const readElement = (bytes: Uint8Array, offset: number): DerElement => {
  const tag = bytes[offset];
  const first = bytes[offset + 1];
  if (tag === undefined || first === undefined) throw new Error('DER: truncated element');
  let length = first;
  let contentStart = offset + 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    length = 0;
    for (let index = 0; index < count; index++) length = length * 256 + (bytes[contentStart + index] ?? 0);
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > bytes.length) throw new Error('DER: element runs past the input');
  return { tag, start: offset, contentStart, end };
};

/** The elements directly inside a constructed element. */
export const children = (bytes: Uint8Array, parent: DerElement): DerElement[] => {
  const found: DerElement[] = [];
  for (let offset = parent.contentStart; offset < parent.end; ) {
    const element = readElement(bytes, offset);
    found.push(element);
    offset = element.end;
  }
  return found;
};

export { concat };
