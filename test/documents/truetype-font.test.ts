import { readFileSync } from 'node:fs';
import fontkit, { type Font, type Glyph } from '@cantoo/fontkit';
import { describe, expect, it } from 'vitest';
import { contractDocumentFontFiles } from '#shared/pdf/fonts.ts';
import { parseTrueType } from '#shared/pdf/truetype-font.ts';

// The copy's own TrueType reader (shared/pdf/truetype-font.ts), checked against fontkit's full decode.
const mainFonts = [contractDocumentFontFiles.regular, contractDocumentFontFiles.bold];
// Noto Sans maps characters with a format 12 table; Noto Naskh Arabic, a TrueType font too, with format 4 only.
const characterMapFonts = [...mainFonts, contractDocumentFontFiles.arabic];
const open = (file: string) => {
  const bytes = new Uint8Array(readFileSync(file));
  return { bytes, ours: parseTrueType(bytes), theirs: fontkit.create(bytes) as Font };
};
const present = (glyph: Glyph | null): Glyph => {
  if (!glyph) throw new Error('fontkit has no such glyph');
  return glyph;
};

describe('the TrueType reader of the copy’s main fonts', () => {
  it.each(characterMapFonts)('maps every character to fontkit’s glyph, with its advance width: %s', (file) => {
    const { ours, theirs } = open(file);
    // fontkit lists format 4's closing 0xFFFF, which maps to the missing glyph: no character of the font.
    const characterSet = theirs.characterSet.filter(
      (codePoint) => present(theirs.glyphForCodePoint(codePoint)).id !== 0,
    );

    expect(ours.characters()).toEqual([...characterSet].sort((a, b) => a - b));
    const mapped = new Set(characterSet);
    for (let codePoint = 0; codePoint <= 0x2ffff; codePoint++) {
      expect(ours.codePoints.has(codePoint)).toBe(mapped.has(codePoint));
    }
    for (const codePoint of characterSet) {
      const glyph = present(theirs.glyphForCodePoint(codePoint));
      expect(ours.glyphOf(codePoint), `U+${codePoint.toString(16)}`).toBe(glyph.id);
      expect(ours.advanceOf(glyph.id), `U+${codePoint.toString(16)}`).toBe(glyph.advanceWidth);
    }
    expect(ours.glyphOf(0x10ffff)).toBeUndefined();
  });

  it.each(mainFonts)('reads the metrics a PDF font descriptor names as fontkit does: %s', (file) => {
    const { ours, theirs } = open(file);

    expect(ours).toMatchObject({
      postscriptName: theirs.postscriptName,
      unitsPerEm: theirs.unitsPerEm,
      ascent: theirs.ascent,
      descent: theirs.descent,
      capHeight: theirs.capHeight,
      xHeight: theirs.xHeight,
      italicAngle: theirs.italicAngle,
      bbox: { minX: theirs.bbox.minX, minY: theirs.bbox.minY, maxX: theirs.bbox.maxX, maxY: theirs.bbox.maxY },
    });
  });

  it('subsets to the outlines of the glyphs asked for, with the parts of composed ones, under their own ids', () => {
    const { ours, theirs } = open(contractDocumentFontFiles.regular);
    // Ä and ß are composed of other glyphs in Noto Sans or drawn whole; either way they must come out as drawn.
    const text = 'Änne Groß zahlt 1.234,50 € – ŁΩ';
    const asked = [...text].map((char) => ours.glyphOf(char.codePointAt(0) as number) as number);

    const subset = fontkit.create(ours.subset(asked)) as Font;

    expect(subset.numGlyphs).toBe(theirs.numGlyphs);
    for (const id of asked) {
      const [kept, original] = [present(subset.getGlyph(id)), present(theirs.getGlyph(id))];
      expect(kept.path.toSVG(), `glyph ${id}`).toBe(original.path.toSVG());
      expect(kept.advanceWidth, `glyph ${id}`).toBe(original.advanceWidth);
    }
    const notAsked = present(theirs.glyphForCodePoint('Z'.codePointAt(0) as number)).id;
    expect(asked).not.toContain(notAsked);
    expect(present(subset.getGlyph(notAsked)).path.commands).toHaveLength(0);
    // The whole font is 600 KB; a line of text's glyphs, a few KB (loca and hmtx keep a slot per glyph).
    expect(ours.subset(asked).length).toBeLessThan(60_000);
  });

  it('writes a font file whose table checksums and whole-file adjustment add up', () => {
    const { ours } = open(contractDocumentFontFiles.bold);
    const file = ours.subset([ours.glyphOf(65) as number]);
    const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
    const sum = (start: number, length: number) => {
      let total = 0;
      for (let at = start; at < start + length; at += 4) {
        const word = [0, 1, 2, 3].reduce((value, byte) => value * 256 + (file[at + byte] ?? 0), 0);
        total = (total + word) >>> 0;
      }
      return total;
    };

    for (let index = 0; index < view.getUint16(4); index++) {
      const record = 12 + 16 * index;
      const tag = String.fromCharCode(...file.subarray(record, record + 4));
      const [checksum, offset, length] = [
        view.getUint32(record + 4),
        view.getUint32(record + 8),
        view.getUint32(record + 12),
      ];
      if (tag === 'head') continue;
      expect(sum(offset, length), tag).toBe(checksum);
    }
    expect(sum(0, file.length)).toBe(0xb1b0afba);
  });
});
