import { type Color, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import type { DocumentFonts } from './fonts.ts';

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: Color;
}

interface Run {
  text: string;
  font: PDFFont;
}

export const black = rgb(0.1, 0.1, 0.1);

const isSpace = (char: string) => char === ' ' || char === '\u00a0';

// Widths at size 1 per font file and text: shaping a word (fontkit layout) is the
// costliest step of setting text, and a contract repeats its words and labels.
const unitWidths = new Map<string, number>();
const maxCachedWidths = 50_000;

const codePointLabel = (codePoint: number) => `[U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}]`;

/**
 * Sets text in the document's fonts: splits it into runs per font (a name in
 * Arabic script is shaped and ordered right to left within its run by fontkit),
 * measures and wraps it, and draws it.
 */
export const typesetter = (fonts: DocumentFonts) => {
  const mainFont = (style: TextStyle) => (style.bold ? fonts.bold : fonts.regular);

  const runs = (text: string, style: TextStyle): Run[] => {
    const main = mainFont(style);
    const result: Run[] = [];
    const push = (font: PDFFont, piece: string) => {
      const last = result.at(-1);
      if (last && last.font === font) last.text += piece;
      else result.push({ font, text: piece });
    };
    for (const char of text.replace(/[\t\r\n]/g, ' ')) {
      const codePoint = char.codePointAt(0) as number;
      const last = result.at(-1);
      // A space inside a run of another script stays in it, so a right-to-left phrase is ordered as one.
      if (isSpace(char) && last && last.font !== main) {
        push(last.font, char);
        continue;
      }
      if (fonts.codePoints.has(codePoint)) {
        push(main, char);
        continue;
      }
      const fallback = fonts.fallbacks.find((candidate) => candidate.codePoints.has(codePoint));
      if (fallback) push(fallback.font, char);
      else if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) push(main, ' ');
      else push(main, codePointLabel(codePoint));
    }
    // Trailing spaces of a fallback run belong after it, in the main font.
    return result.flatMap((run) => {
      if (run.font === main) return [run];
      const trimmed = run.text.trimEnd();
      if (trimmed.length === run.text.length) return [run];
      return [
        { font: run.font, text: trimmed },
        { font: main, text: run.text.slice(trimmed.length) },
      ].filter((part) => part.text.length > 0);
    });
  };

  const runWidth = (run: Run, size: number) => {
    const key = `${fonts.keys.get(run.font)}\u0000${run.text}`;
    let unitWidth = unitWidths.get(key);
    if (unitWidth === undefined) {
      unitWidth = run.font.widthOfTextAtSize(run.text, 1);
      if (unitWidths.size >= maxCachedWidths) unitWidths.clear();
      unitWidths.set(key, unitWidth);
    }
    return unitWidth * size;
  };

  const width = (text: string, style: TextStyle): number =>
    runs(text, style).reduce((sum, run) => sum + runWidth(run, style.size), 0);

  /** Breaks a word wider than the line by characters. */
  const breakWord = (word: string, style: TextStyle, maxWidth: number): string[] => {
    const pieces: string[] = [];
    let piece = '';
    let pieceWidth = 0;
    for (const char of word) {
      // Summing single characters ignores kerning: close enough to decide where a hash breaks.
      const charWidth = width(char, style);
      if (piece && pieceWidth + charWidth > maxWidth) {
        pieces.push(piece);
        piece = '';
        pieceWidth = 0;
      }
      piece += char;
      pieceWidth += charWidth;
    }
    if (piece) pieces.push(piece);
    return pieces;
  };

  /** Lines of at most `maxWidth`; each `\n` starts a new line, an empty line stays empty. */
  const wrap = (text: string, style: TextStyle, maxWidth: number): string[] => {
    const lines: string[] = [];
    const spaceWidth = width(' ', style);
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(' ')) {
        if (word === '') continue;
        const wordWidth = width(word, style);
        if (line && lineWidth + spaceWidth + wordWidth <= maxWidth) {
          line += ` ${word}`;
          lineWidth += spaceWidth + wordWidth;
          continue;
        }
        if (line) lines.push(line);
        if (wordWidth <= maxWidth) {
          line = word;
          lineWidth = wordWidth;
          continue;
        }
        const pieces = breakWord(word, style, maxWidth);
        line = pieces.pop() ?? '';
        lines.push(...pieces);
        lineWidth = width(line, style);
      }
      lines.push(line);
    }
    return lines;
  };

  const draw = (page: PDFPage, text: string, x: number, y: number, style: TextStyle): void => {
    let cursor = x;
    for (const run of runs(text, style)) {
      page.drawText(run.text, { x: cursor, y, size: style.size, font: run.font, color: style.color ?? black });
      cursor += runWidth(run, style.size);
    }
  };

  return { width, wrap, draw };
};

export type Typesetter = ReturnType<typeof typesetter>;
