import { type Color, type PDFDocument, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { black, type TextStyle, type Typesetter } from './typesetter.ts';

export const a4: [number, number] = [595.28, 841.89];
export const margin = { left: 56, right: 56, top: 76, bottom: 64 } as const;
export const contentWidth = a4[0] - margin.left - margin.right;
export const grey = rgb(0.4, 0.4, 0.4);
export const rule = rgb(0.75, 0.75, 0.75);

export const styles = {
  title: { size: 18, bold: true },
  heading: { size: 12.5, bold: true },
  body: { size: 9.5 },
  bodyBold: { size: 9.5, bold: true },
  small: { size: 8, color: grey },
  smallBold: { size: 8, bold: true },
} satisfies Record<string, TextStyle>;

export const lineHeight = (style: TextStyle) => style.size * 1.35;

/** A column of a row: its left edge, width, text, style and alignment. */
export interface Cell {
  x: number;
  width: number;
  text: string;
  style?: TextStyle;
  align?: 'left' | 'right';
}

/**
 * Flows content down A4 pages: a cursor, a new page when the next block does
 * not fit, wrapped text and rows of cells. Headers and footers are drawn once
 * all pages exist (they name the page count).
 */
export const pageLayout = (document: PDFDocument, type: Typesetter) => {
  const pages: PDFPage[] = [];
  let page: PDFPage;
  let y = 0;

  const newPage = () => {
    page = document.addPage(a4);
    pages.push(page);
    y = a4[1] - margin.top;
  };
  newPage();

  const ensure = (height: number) => {
    if (y - height < margin.bottom) newPage();
  };

  const space = (height: number) => {
    y -= height;
  };

  /** Wrapped text at `x` within `width`, kept on one page when it fits on one. */
  const text = (
    content: string,
    style: TextStyle = styles.body,
    x: number = margin.left,
    width: number = contentWidth,
  ) => {
    const lines = type.wrap(content, style, width);
    const height = lineHeight(style);
    if (lines.length * height <= a4[1] - margin.top - margin.bottom) ensure(lines.length * height);
    for (const line of lines) {
      ensure(height);
      y -= height;
      type.draw(page, line, x, y + style.size * 0.3, style);
    }
  };

  const heading = (content: string) => {
    // A heading never ends a page: it keeps three body lines below it.
    ensure(lineHeight(styles.heading) + 10 + 3 * lineHeight(styles.body));
    space(10);
    text(content, styles.heading);
    space(3);
  };

  const horizontalRule = (color: Color = rule) => {
    space(4);
    page.drawLine({
      start: { x: margin.left, y },
      end: { x: a4[0] - margin.right, y },
      thickness: 0.5,
      color,
    });
    space(4);
  };

  /** One row of wrapped cells; all start at the same line, the row is as tall as its tallest cell. */
  const row = (cells: readonly Cell[]) => {
    const laidOut = cells.map((cell) => {
      const style = cell.style ?? styles.body;
      return { cell, style, lines: type.wrap(cell.text, style, cell.width) };
    });
    const height = Math.max(...laidOut.map(({ style, lines }) => lines.length * lineHeight(style)));
    ensure(height);
    for (const { cell, style, lines } of laidOut) {
      lines.forEach((line, index) => {
        const lineY = y - (index + 1) * lineHeight(style) + style.size * 0.3;
        const x = cell.align === 'right' ? cell.x + cell.width - type.width(line, style) : cell.x;
        type.draw(page, line, x, lineY, style);
      });
    }
    y -= height;
  };

  /** Label and value side by side, as the audit page lists facts. */
  const fact = (label: string, value: string, labelWidth = 130) =>
    row([
      { x: margin.left, width: labelWidth - 8, text: label, style: styles.bodyBold },
      { x: margin.left + labelWidth, width: contentWidth - labelWidth, text: value },
    ]);

  return {
    pages,
    get page() {
      return page;
    },
    get y() {
      return y;
    },
    newPage,
    ensure,
    space,
    text,
    heading,
    horizontalRule,
    row,
    fact,
  };
};

export type PageLayout = ReturnType<typeof pageLayout>;

export { black };
