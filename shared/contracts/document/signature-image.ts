import type { PDFDocument, PDFPage } from '@cantoo/pdf-lib';
import type { SignatureImageForDocument } from './contract-for-document.ts';

export interface Box {
  x: number;
  /** Bottom edge, in PDF coordinates. */
  y: number;
  width: number;
  height: number;
}

const fitInto = (width: number, height: number, box: Box) => {
  const scale = Math.min(box.width / width, box.height / height);
  return { width: width * scale, height: height * scale };
};

const number = (value: string | undefined) => {
  const parsed = Number.parseFloat(value ?? '');
  return Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
};

/** The drawing's own size: its viewBox, else width and height, else a signature pad's usual aspect. */
const svgSize = (svg: string) => {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`).exec(root)?.[1];
  const viewBox = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const [, , viewWidth, viewHeight] = viewBox ?? [];
  if (viewWidth && viewHeight && viewWidth > 0 && viewHeight > 0) return { width: viewWidth, height: viewHeight };
  return { width: number(attribute('width')) ?? 300, height: number(attribute('height')) ?? 100 };
};

// The PDF library draws every element of the signature allow-list but polyline;
// a polyline is the same as a path through its points.
const polylinesAsPaths = (svg: string) =>
  svg
    .replace(/<polyline\b([^>]*?)\spoints\s*=\s*(["'])([^"']*)\2/g, '<path$1 d=$2M$3$2')
    .replace(/<\/polyline\s*>/g, '</path>');

/**
 * Draws a signature image fitted into `box`, keeping its aspect. The image was
 * checked when it was signed (a well-formed PNG or an SVG of drawing elements
 * only); anything that still cannot be drawn leaves the box empty and returns false.
 */
export const drawSignatureImage = async (
  document: PDFDocument,
  page: PDFPage,
  image: SignatureImageForDocument,
  box: Box,
): Promise<boolean> => {
  try {
    if (image.mediaType === 'image/png') {
      const png = await document.embedPng(image.bytes);
      const size = fitInto(png.width, png.height, box);
      page.drawImage(png, { x: box.x, y: box.y + (box.height - size.height) / 2, ...size });
      return true;
    }
    const svg = polylinesAsPaths(new TextDecoder().decode(image.bytes));
    const own = svgSize(svg);
    const size = fitInto(own.width, own.height, box);
    page.drawSvg(svg, { x: box.x, y: box.y + (box.height + size.height) / 2, ...size });
    return true;
  } catch {
    return false;
  }
};
