import { inflateSync } from 'node:zlib';
import type { PDFDocument, PDFRef } from '@cantoo/pdf-lib';

/** A PNG's pixels as a PDF image takes them: colour samples, and alpha samples apart (its soft mask). */
export interface DecodedPng {
  width: number;
  height: number;
  colourSpace: 'DeviceGray' | 'DeviceRGB';
  colour: Uint8Array;
  alpha: Uint8Array | undefined;
}

// Samples per pixel of the colour types read here (PNG spec §11.2.2): grey, RGB, grey and alpha, RGBA.
const channelsByColourType = new Map([
  [0, 1],
  [2, 3],
  [4, 2],
  [6, 4],
]);

const paeth = (left: number, up: number, upLeft: number) => {
  const estimate = left + up - upLeft;
  const [toLeft, toUp, toUpLeft] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
};

/** Reverses each row's filter (PNG spec §9), in one pass over the inflated data. */
const unfilter = (raw: Uint8Array, height: number, stride: number, channels: number): Uint8Array | undefined => {
  if (raw.length !== height * (stride + 1)) return undefined;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    const above = row - stride;
    for (let x = 0; x < stride; x++) {
      const value = raw[source + x] as number;
      const left = x >= channels ? (pixels[row + x - channels] as number) : 0;
      const up = y > 0 ? (pixels[above + x] as number) : 0;
      const upLeft = y > 0 && x >= channels ? (pixels[above + x - channels] as number) : 0;
      let predicted: number;
      if (filter === 0) predicted = 0;
      else if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) predicted = paeth(left, up, upLeft);
      else return undefined;
      pixels[row + x] = (value + predicted) & 0xff;
    }
  }
  return pixels;
};

/**
 * The pixels of a PNG as a signature pad writes it: 8 bits per sample, not
 * interlaced, grey or RGB, with or without alpha. Any other PNG (palette, 16 bits,
 * interlaced) gives undefined and is left to the PDF library's general decoder,
 * whose generic conversion ran unoptimised on every cold start. The file was
 * checked chunk by chunk when it was signed (png-structure.ts).
 */
export const decodeSignaturePng = (bytes: Uint8Array): DecodedPng | undefined => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data: Uint8Array[] = [];
  let header: Uint8Array | undefined;
  for (let offset = 8; offset + 12 <= bytes.length; ) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const chunk = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = chunk;
    else if (type === 'IDAT') data.push(chunk);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (header?.length !== 13 || data.length === 0) return undefined;
  const headerView = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const [width, height] = [headerView.getUint32(0), headerView.getUint32(4)];
  const [bitDepth, colourType, , , interlace] = header.subarray(8);
  const channels = channelsByColourType.get(colourType as number);
  if (bitDepth !== 8 || interlace !== 0 || channels === undefined) return undefined;
  const pixels = unfilter(inflateSync(Buffer.concat(data)), height, width * channels, channels);
  if (!pixels) return undefined;
  const colourSpace = channels >= 3 ? 'DeviceRGB' : 'DeviceGray';
  if (channels === 1 || channels === 3) return { width, height, colourSpace, colour: pixels, alpha: undefined };
  const colourChannels = channels - 1;
  const colour = new Uint8Array(width * height * colourChannels);
  const alpha = new Uint8Array(width * height);
  for (let pixel = 0; pixel < width * height; pixel++) {
    for (let channel = 0; channel < colourChannels; channel++) {
      colour[pixel * colourChannels + channel] = pixels[pixel * channels + channel] as number;
    }
    alpha[pixel] = pixels[pixel * channels + colourChannels] as number;
  }
  return { width, height, colourSpace, colour, alpha };
};

/** Embeds decoded PNG pixels as an image XObject (ISO 32000-1, 8.9.5), its alpha as a soft mask. */
export const embedDecodedPng = (document: PDFDocument, png: DecodedPng): PDFRef => {
  const { context } = document;
  const image = (samples: Uint8Array, colourSpace: DecodedPng['colourSpace'], softMask?: PDFRef) =>
    context.register(
      context.flateStream(samples, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: png.width,
        Height: png.height,
        BitsPerComponent: 8,
        ColorSpace: colourSpace,
        ...(softMask ? { SMask: softMask } : {}),
      }),
    );
  return image(png.colour, png.colourSpace, png.alpha && image(png.alpha, 'DeviceGray'));
};
