import { Problem } from '../http/problem.ts';
import { ImageRejection, type RejectionReason } from './image-rejection.ts';
import { checkPngStructure, maxPngDimension } from './png-structure.ts';
import { checkSvgDocument } from './svg-allow-list.ts';
import { maxXmlDepth } from './xml-subset.ts';

export const maxSignatureImageBytes = 100 * 1024;

export interface SignatureImage {
  mediaType: 'image/png' | 'image/svg+xml';
  bytes: Buffer;
}

const notPng = 'Die Daten sind kein gültiges PNG';

/** Every text this check answers with, in one place (German: the contracts area's language). */
const messages = {
  'not-a-data-url': () => 'Muss eine data:image/png;base64- oder data:image/svg+xml;base64-URL sein',
  empty: () => 'Das Bild ist leer',
  'too-large': () => 'Das Bild ist größer als 100 KiB',
  'png-signature': () => `${notPng}: die PNG-Signatur fehlt`,
  'png-truncated': () => `${notPng}: ein Chunk ist abgeschnitten`,
  'png-chunk-type': () => `${notPng}: ein Chunk hat einen ungültigen Typ`,
  'png-crc': (chunk) => `${notPng}: die Prüfsumme (CRC) des Chunks ${chunk} stimmt nicht`,
  'png-header': () => `${notPng}: der IHDR-Chunk fehlt am Anfang oder ist ungültig`,
  'png-dimensions': (size) =>
    `Das PNG muss zwischen 1 × 1 und ${maxPngDimension} × ${maxPngDimension} Pixel groß sein, nicht ${size}`,
  'png-chunk-order': (chunk) => `${notPng}: der Chunk ${chunk} ist ungültig oder steht an der falschen Stelle`,
  'png-unknown-critical-chunk': (chunk) => `${notPng}: unbekannter kritischer Chunk ${chunk}`,
  'png-after-end': (count) => `${notPng}: nach dem IEND-Chunk folgen noch ${count} Bytes`,
  'png-no-end': () => `${notPng}: der IEND-Chunk am Ende fehlt`,
  'svg-encoding': (declared) =>
    declared ? `Das SVG muss in UTF-8 kodiert sein, nicht ${declared}` : 'Das SVG ist kein gültiges UTF-8',
  'svg-malformed': (position) => `Das SVG ist kein wohlgeformtes XML (Fehler bei Zeichen ${position})`,
  'svg-doctype': () => 'Das SVG darf keine DOCTYPE-Deklaration enthalten',
  'svg-processing-instruction': () => 'Das SVG darf außer der XML-Deklaration keine Verarbeitungsanweisungen enthalten',
  'svg-cdata': () => 'Das SVG darf keine CDATA-Abschnitte enthalten',
  'svg-entity': (reference) => `Das SVG darf keine Entities verwenden: ${reference}`,
  'svg-too-deep': () => `Das SVG ist tiefer als ${maxXmlDepth} Ebenen verschachtelt`,
  'svg-root': (name) => `Das Wurzelelement muss <svg xmlns="http://www.w3.org/2000/svg"> sein, nicht ${name}`,
  'svg-namespace': (namespace) => `Das SVG enthält einen nicht erlaubten Namensraum: ${namespace}`,
  'svg-element': (name) => `Das SVG enthält ein nicht erlaubtes Element: ${name}`,
  'svg-attribute': (name) => `Das SVG enthält ein nicht erlaubtes Attribut: ${name}`,
  'svg-attribute-value': (name) => `Das Attribut ${name} enthält einen nicht erlaubten Wert`,
  'svg-text': (name) => `Das Element ${name} darf keinen Text enthalten`,
} satisfies Record<RejectionReason | 'not-a-data-url' | 'empty' | 'too-large', (subject: string) => string>;

const invalid = (message: string) =>
  new Problem('validation-failed', 'Die Unterschrift ist kein gültiges Bild', {
    errors: [{ path: 'signatureImage', message }],
  });

const dataUrlPrefixes = {
  'image/png': 'data:image/png;base64,',
  'image/svg+xml': 'data:image/svg+xml;base64,',
} as const;
// Canonical base64 (RFC 4648 §4, padded), as the published schema states it and every browser's btoa writes it.
const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// Four characters per three bytes, plus padding: longer text cannot decode to an allowed image.
const maxBase64Length = Math.ceil(maxSignatureImageBytes / 3) * 4;

const decodeDataUrl = (value: string): SignatureImage => {
  const text = value.trim();
  const mediaType = (Object.keys(dataUrlPrefixes) as SignatureImage['mediaType'][]).find((type) =>
    text.startsWith(dataUrlPrefixes[type]),
  );
  if (!mediaType) throw invalid(messages['not-a-data-url']());
  const encoded = text.slice(dataUrlPrefixes[mediaType].length);
  if (encoded.length > maxBase64Length) throw invalid(messages['too-large']());
  if (!base64.test(encoded)) throw invalid(messages['not-a-data-url']());
  return { mediaType, bytes: Buffer.from(encoded, 'base64') };
};

/**
 * Decodes a PNG or SVG data URL and checks that the bytes really are that kind of image,
 * in time linear in their length: a PNG down to every chunk's CRC, an SVG parsed as XML
 * and held against an allow-list of drawing elements and attributes.
 */
export const parseSignatureImage = (value: string): SignatureImage => {
  const image = decodeDataUrl(value);
  if (image.bytes.length === 0) throw invalid(messages.empty());
  if (image.bytes.length > maxSignatureImageBytes) throw invalid(messages['too-large']());
  try {
    if (image.mediaType === 'image/png') checkPngStructure(image.bytes);
    else checkSvgDocument(image.bytes);
  } catch (error) {
    if (error instanceof ImageRejection) throw invalid(messages[error.reason](error.subject));
    throw error;
  }
  return image;
};
