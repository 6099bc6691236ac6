import { type Message, Problem } from '../http/problem.ts';
import { ImageRejection, type RejectionReason } from './image-rejection.ts';
import { checkPngStructure, maxPngDimension } from './png-structure.ts';
import { checkSvgDocument } from './svg-allow-list.ts';
import { signatureImageTexts } from './texts.ts';
import { maxXmlDepth } from './xml-subset.ts';

export const maxSignatureImageBytes = 100 * 1024;

export interface SignatureImage {
  mediaType: 'image/png' | 'image/svg+xml';
  bytes: Buffer;
}

const { localized } = signatureImageTexts;

/** Every text this check answers with, by reason: its texts (shared/signatures/texts.ts) are keyed by the reason. */
const messages = {
  'not-a-data-url': () => localized('not-a-data-url'),
  empty: () => localized('empty'),
  'too-large': () => localized('too-large'),
  'png-signature': () => localized('png-signature'),
  'png-truncated': () => localized('png-truncated'),
  'png-chunk-type': () => localized('png-chunk-type'),
  'png-crc': (chunk) => localized('png-crc', chunk),
  'png-header': () => localized('png-header'),
  'png-dimensions': (size) => localized('png-dimensions', maxPngDimension, size),
  'png-chunk-order': (chunk) => localized('png-chunk-order', chunk),
  'png-unknown-critical-chunk': (chunk) => localized('png-unknown-critical-chunk', chunk),
  'png-after-end': (count) => localized('png-after-end', count),
  'png-no-end': () => localized('png-no-end'),
  'svg-encoding': (declared) => localized('svg-encoding', declared),
  'svg-malformed': (position) => localized('svg-malformed', position),
  'svg-doctype': () => localized('svg-doctype'),
  'svg-processing-instruction': () => localized('svg-processing-instruction'),
  'svg-cdata': () => localized('svg-cdata'),
  'svg-entity': (reference) => localized('svg-entity', reference),
  'svg-too-deep': () => localized('svg-too-deep', maxXmlDepth),
  'svg-root': (name) => localized('svg-root', name),
  'svg-namespace': (namespace) => localized('svg-namespace', namespace),
  'svg-element': (name) => localized('svg-element', name),
  'svg-attribute': (name) => localized('svg-attribute', name),
  'svg-attribute-value': (name) => localized('svg-attribute-value', name),
  'svg-text': (name) => localized('svg-text', name),
} satisfies Record<RejectionReason | 'not-a-data-url' | 'empty' | 'too-large', (subject: string) => Message>;

const invalid = (message: Message) =>
  new Problem('validation-failed', localized('invalid'), {
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
