import { deflateSync, gzipSync } from 'node:zlib';

/** A data URL as a signature pad's page would send it. */
export const dataUrl = (mediaType: 'image/png' | 'image/svg+xml', content: Buffer | string): string =>
  `data:${mediaType};base64,${Buffer.from(content).toString('base64')}`;

export const svgDataUrl = (svg: string | Buffer) => dataUrl('image/svg+xml', svg);

// A real 1×1 RGBA PNG as an image library wrote it.
export const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const pngSignature = onePixelPng.subarray(0, 8);

/** A real 1×1 PNG as the data URL a signature pad sends (only much smaller): what most tests sign with. */
export const signaturePng = `data:image/png;base64,${onePixelPng.toString('base64')}`;

const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};

// The CRC-32 of gzip's trailer is PNG's CRC-32 (both ISO 3309): fixtures do not depend on the code under test.
const independentCrc32 = (bytes: Buffer) => {
  const gzip = gzipSync(bytes);
  return gzip.readUInt32LE(gzip.length - 8);
};

/** One chunk with its length and a correct CRC. */
export const pngChunk = (type: string, data: Buffer = Buffer.alloc(0)): Buffer => {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([uint32(data.length), typeAndData, uint32(independentCrc32(typeAndData))]);
};

export interface PngHeader {
  width: number;
  height: number;
  bitDepth?: number;
  colourType?: number;
  interlace?: number;
}

export const pngHeaderChunk = ({ width, height, bitDepth = 8, colourType = 0, interlace = 0 }: PngHeader) =>
  pngChunk(
    'IHDR',
    Buffer.concat([uint32(width), uint32(height), Buffer.from([bitDepth, colourType, 0, 0, interlace])]),
  );

/** A white 8-bit greyscale PNG of any size that any decoder can read: each row is filter type 0 and white samples. */
export const greyscalePng = (width: number, height: number): Buffer => {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0xff)]);
  return Buffer.concat([
    pngSignature,
    pngHeaderChunk({ width, height }),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND'),
  ]);
};
