import { type Message, Problem } from '../http/problem.ts';
import { localized } from '../messages/index.ts';
import { ImageRejection, type RejectionReason } from './image-rejection.ts';
import { checkPngStructure, maxPngDimension } from './png-structure.ts';
import { checkSvgDocument } from './svg-allow-list.ts';
import { maxXmlDepth } from './xml-subset.ts';

export const maxSignatureImageBytes = 100 * 1024;

export interface SignatureImage {
  mediaType: 'image/png' | 'image/svg+xml';
  bytes: Buffer;
}

/** Every text this check answers with, by reason: the catalogues' `signatureImage.*` entries. */
const messages = {
  'not-a-data-url': () => 'signatureImage.not-a-data-url',
  empty: () => 'signatureImage.empty',
  'too-large': () => 'signatureImage.too-large',
  'png-signature': () => 'signatureImage.png-signature',
  'png-truncated': () => 'signatureImage.png-truncated',
  'png-chunk-type': () => 'signatureImage.png-chunk-type',
  'png-crc': (chunk) => localized('signatureImage.png-crc', chunk),
  'png-header': () => 'signatureImage.png-header',
  'png-dimensions': (size) => localized('signatureImage.png-dimensions', maxPngDimension, size),
  'png-chunk-order': (chunk) => localized('signatureImage.png-chunk-order', chunk),
  'png-unknown-critical-chunk': (chunk) => localized('signatureImage.png-unknown-critical-chunk', chunk),
  'png-after-end': (count) => localized('signatureImage.png-after-end', count),
  'png-no-end': () => 'signatureImage.png-no-end',
  'svg-encoding': (declared) => localized('signatureImage.svg-encoding', declared),
  'svg-malformed': (position) => localized('signatureImage.svg-malformed', position),
  'svg-doctype': () => 'signatureImage.svg-doctype',
  'svg-processing-instruction': () => 'signatureImage.svg-processing-instruction',
  'svg-cdata': () => 'signatureImage.svg-cdata',
  'svg-entity': (reference) => localized('signatureImage.svg-entity', reference),
  'svg-too-deep': () => localized('signatureImage.svg-too-deep', maxXmlDepth),
  'svg-root': (name) => localized('signatureImage.svg-root', name),
  'svg-namespace': (namespace) => localized('signatureImage.svg-namespace', namespace),
  'svg-element': (name) => localized('signatureImage.svg-element', name),
  'svg-attribute': (name) => localized('signatureImage.svg-attribute', name),
  'svg-attribute-value': (name) => localized('signatureImage.svg-attribute-value', name),
  'svg-text': (name) => localized('signatureImage.svg-text', name),
} satisfies Record<RejectionReason | 'not-a-data-url' | 'empty' | 'too-large', (subject: string) => Message>;

const invalid = (message: Message) =>
  new Problem('validation-failed', 'signatureImage.invalid', {
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
