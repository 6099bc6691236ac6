import type { PDFDocument, PDFPage } from '@cantoo/pdf-lib';
import type { SignatureImage } from '../signatures/parse-signature-image.ts';
import { parseXmlSubset, type XmlElement } from '../signatures/xml-subset.ts';

/** A signature image as it was checked when signed; a document holds its bytes in any byte array. */
export interface DrawableSignatureImage {
  mediaType: SignatureImage['mediaType'];
  bytes: Uint8Array;
}

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
const svgSize = (root: XmlElement) => {
  const attribute = (name: string) => root.attributes.find(([key]) => key === name)?.[1];
  const viewBox = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const [, , viewWidth, viewHeight] = viewBox ?? [];
  if (viewWidth && viewHeight && viewWidth > 0 && viewHeight > 0) return { width: viewWidth, height: viewHeight };
  return { width: number(attribute('width')) ?? 300, height: number(attribute('height')) ?? 100 };
};

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');

/**
 * The drawing written out again from its parse (the same strict parser that
 * checked it at signing, in linear time): the PDF library draws every element
 * of the allow-list but polyline, and a polyline is the same as a path through
 * its points. Titles and descriptions are not drawn.
 */
const drawableSvg = (element: XmlElement): string => {
  if (element.name === 'title' || element.name === 'desc') return '';
  const polyline = element.name === 'polyline';
  const attributes = element.attributes.map(([name, value]) =>
    polyline && name === 'points' ? ['d', `M${value}`] : [name, value],
  );
  const name = polyline ? 'path' : element.name;
  const written = attributes.map(([key, value]) => ` ${key}="${escapeAttribute(value ?? '')}"`).join('');
  return `<${name}${written}>${element.children.map(drawableSvg).join('')}</${name}>`;
};

/**
 * Draws a signature image fitted into `box`, keeping its aspect. The image was
 * checked when it was signed (a well-formed PNG or an SVG of drawing elements
 * only); anything that still cannot be drawn leaves the box empty and returns false.
 */
// Generic so that a document's own image record (with its signer's role, say) is passed as it is.
export const drawSignatureImage = async <Image extends DrawableSignatureImage>(
  document: PDFDocument,
  page: PDFPage,
  image: Image,
  box: Box,
): Promise<boolean> => {
  try {
    if (image.mediaType === 'image/png') {
      const embedded = await document.embedPng(image.bytes);
      const size = fitInto(embedded.width, embedded.height, box);
      page.drawImage(embedded, { x: box.x, y: box.y + (box.height - size.height) / 2, ...size });
      return true;
    }
    const root = parseXmlSubset(new TextDecoder().decode(image.bytes));
    const svg = drawableSvg(root);
    const own = svgSize(root);
    const size = fitInto(own.width, own.height, box);
    page.drawSvg(svg, { x: box.x, y: box.y + (box.height + size.height) / 2, ...size });
    return true;
  } catch {
    return false;
  }
};
