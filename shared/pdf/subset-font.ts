import { createHash } from 'node:crypto';
import {
  CustomFontEmbedder,
  type PDFContext,
  type PDFDocument,
  PDFFont,
  PDFHexString,
  type PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';
import type { TrueTypeFont } from './truetype-font.ts';

const hex4 = (value: number) => value.toString(16).padStart(4, '0');

/** A code point in UTF-16, as a ToUnicode map writes it. */
const utf16Hex = (codePoint: number) =>
  codePoint <= 0xffff
    ? hex4(codePoint)
    : hex4(0xd800 + ((codePoint - 0x10000) >> 10)) + hex4(0xdc00 + ((codePoint - 0x10000) & 0x3ff));

/** The map from glyphs back to text that copying and searching use (ISO 32000-1, 9.10.3), 100 entries a block. */
const toUnicodeMap = (textOf: ReadonlyMap<number, number>): string => {
  const entries = [...textOf]
    .sort(([a], [b]) => a - b)
    .map(([glyph, codePoint]) => `<${hex4(glyph)}> <${utf16Hex(codePoint)}>`);
  const blocks: string[] = [];
  for (let at = 0; at < entries.length; at += 100) {
    const block = entries.slice(at, at + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange\n<0000> <ffff>\nendcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
};

/** `ABCDEF`: a subset's tag (ISO 32000-1, 9.6.4), derived from its glyphs so the same text gives the same file. */
const subsetTag = (glyphs: readonly number[]) =>
  [...createHash('sha256').update(glyphs.join(',')).digest().subarray(0, 6)]
    .map((byte) => String.fromCharCode(65 + (byte % 26)))
    .join('');

/** `[first [w w w] first [w]]`: the widths of runs of consecutive glyphs, in thousandths of the font size. */
const widthArray = (glyphs: readonly number[], width: (glyph: number) => number) => {
  const array: (number | number[])[] = [];
  let run: number[] = [];
  glyphs.forEach((glyph, index) => {
    if (index === 0 || glyph !== (glyphs[index - 1] as number) + 1) {
      run = [];
      array.push(glyph, run);
    }
    run.push(width(glyph));
  });
  return array;
};

/**
 * The PDF library's font interface over a `TrueTypeFont`, embedded as a Type 0
 * font with Identity-H encoding (two bytes per glyph id) and only the glyphs
 * drawn. It extends the library's own embedder only to be accepted as one.
 */
class SubsetFontEmbedder extends CustomFontEmbedder {
  /** Glyphs drawn so far, each with the character it was drawn for. */
  private readonly drawn = new Map<number, number>();
  private readonly truetype: TrueTypeFont;

  constructor(font: TrueTypeFont) {
    super(
      {
        unitsPerEm: font.unitsPerEm,
        postscriptName: font.postscriptName,
        get characterSet() {
          return font.characters();
        },
      } as unknown as CustomFontEmbedder['font'],
      new Uint8Array(0),
    );
    this.truetype = font;
  }

  private glyphs(text: string, draw = false): number[] {
    const glyphs: number[] = [];
    for (const char of text) {
      const codePoint = char.codePointAt(0) as number;
      const glyph = this.truetype.glyphOf(codePoint) ?? 0;
      if (draw && glyph !== 0 && !this.drawn.has(glyph)) this.drawn.set(glyph, codePoint);
      glyphs.push(glyph);
    }
    return glyphs;
  }

  private width(glyph: number) {
    return (this.truetype.advanceOf(glyph) * 1000) / this.truetype.unitsPerEm;
  }

  override encodeText(text: string): PDFHexString {
    return PDFHexString.of(
      this.glyphs(text, true)
        .map((glyph) => hex4(glyph))
        .join(''),
    );
  }

  override glyphCountOfText(text: string): number {
    return this.glyphs(text).length;
  }

  override widthOfTextAtSize(text: string, size: number): number {
    return (this.glyphs(text).reduce((sum, glyph) => sum + this.width(glyph), 0) * size) / 1000;
  }

  private extent() {
    const { ascent, descent, bbox, unitsPerEm } = this.truetype;
    return { top: ((ascent || bbox.maxY) * 1000) / unitsPerEm, bottom: ((descent || bbox.minY) * 1000) / unitsPerEm };
  }

  override heightOfFontAtSize(size: number, { descender = true }: { descender?: boolean } = {}): number {
    const { top, bottom } = this.extent();
    return ((descender ? top - bottom : top) * size) / 1000;
  }

  override sizeOfFontAtHeight(height: number): number {
    const { top, bottom } = this.extent();
    return (1000 * height) / (top - bottom);
  }

  override async embedIntoContext(context: PDFContext, ref?: PDFRef): Promise<PDFRef> {
    const font = this.truetype;
    const glyphs = [0, ...[...this.drawn.keys()].sort((a, b) => a - b)];
    const baseFont = `${subsetTag(glyphs)}+${font.postscriptName}`;
    const scale = 1000 / font.unitsPerEm;
    const program = font.subset(glyphs);
    const descriptor = context.obj({
      Type: 'FontDescriptor',
      FontName: baseFont,
      // Symbolic (its glyphs go beyond the standard Latin set), serif or script by its family class, italic.
      Flags:
        (font.fixedPitch ? 1 : 0) |
        (font.familyClass >= 1 && font.familyClass <= 7 ? 2 : 0) |
        4 |
        (font.familyClass === 10 ? 8 : 0) |
        (font.italic ? 64 : 0),
      FontBBox: [font.bbox.minX * scale, font.bbox.minY * scale, font.bbox.maxX * scale, font.bbox.maxY * scale],
      ItalicAngle: font.italicAngle,
      Ascent: font.ascent * scale,
      Descent: font.descent * scale,
      CapHeight: (font.capHeight || font.ascent) * scale,
      XHeight: font.xHeight * scale,
      StemV: 0,
      FontFile2: context.register(context.flateStream(program, { Length1: program.length })),
    });
    const cidFont = context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: baseFont,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: context.register(descriptor),
      W: widthArray(glyphs, (glyph) => this.width(glyph)),
      CIDToGIDMap: 'Identity',
    });
    const type0 = context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: baseFont,
      Encoding: 'Identity-H',
      DescendantFonts: [context.register(cidFont)],
      ToUnicode: context.register(context.flateStream(toUnicodeMap(this.drawn))),
    });
    if (!ref) return context.register(type0);
    context.assign(ref, type0);
    return ref;
  }
}

/**
 * `font` as a font of `document` that embeds a subset of itself: the glyphs
 * drawn with it up to `embed()`, which must be called before the document is
 * saved (the library saves only the fonts it created itself).
 */
export const subsetFont = (document: PDFDocument, font: TrueTypeFont): PDFFont =>
  PDFFont.of(document.context.nextRef(), document, new SubsetFontEmbedder(font));
