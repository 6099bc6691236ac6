import { Problem } from '../http/problem.ts';

export const maxSignatureImageBytes = 100 * 1024;

export interface SignatureImage {
  mediaType: 'image/png' | 'image/svg+xml';
  bytes: Buffer;
}

const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const dataUrl = /^data:(image\/png|image\/svg\+xml);base64,([A-Za-z0-9+/]*={0,2})$/;
// An SVG document: optional XML declaration, comments and doctype, then <svg.
const svgStart = /^(?:\uFEFF)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg[^>]*>\s*)?<svg[\s>]/i;
// The image is evidence, not content to render; active SVG content has no place in it.
const activeSvgContent = /<script|<foreignObject|\son\w+\s*=|javascript:/i;

const invalid = (message: string) =>
  new Problem('validation-failed', 'Die Unterschrift ist kein gültiges Bild', {
    errors: [{ path: 'signatureImage', message }],
  });

/** Decodes a PNG or SVG data URL and checks that the bytes really are that kind of image. */
export const parseSignatureImage = (value: string): SignatureImage => {
  const match = dataUrl.exec(value.trim());
  if (!match?.[1] || match[2] === undefined) {
    throw invalid('Muss eine data:image/png;base64- oder data:image/svg+xml;base64-URL sein');
  }
  const mediaType = match[1] as SignatureImage['mediaType'];
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length === 0) throw invalid('Das Bild ist leer');
  if (bytes.length > maxSignatureImageBytes) throw invalid('Das Bild ist größer als 100 KiB');
  if (mediaType === 'image/png' && !bytes.subarray(0, 8).equals(pngMagic)) throw invalid('Die Daten sind kein PNG');
  if (mediaType === 'image/svg+xml') {
    const text = bytes.toString('utf8');
    if (!svgStart.test(text)) throw invalid('Die Daten sind kein SVG');
    if (activeSvgContent.test(text)) throw invalid('Das SVG darf keine Skripte enthalten');
  }
  return { mediaType, bytes };
};
