import { ImageRejection } from './image-rejection.ts';

export const maxPngDimension = 2000;

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Length, type and CRC around every chunk's data (PNG spec §5.3).
const chunkOverhead = 12;
const headerLength = 13;
const maxChunkLength = 0x7fffffff;

// CRC-32 as PNG defines it (ISO 3309, reflected polynomial 0xEDB88320). node:zlib has crc32 only from Node 22 on.
const crcTable = Uint32Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc;
});

export const crc32 = (bytes: Uint8Array): number => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

// Allowed bit depths per colour type (PNG spec §11.2.2, table 11.1).
const bitDepthsByColourType = new Map<number, readonly number[]>([
  [0, [1, 2, 4, 8, 16]],
  [2, [8, 16]],
  [3, [1, 2, 4, 8]],
  [4, [8, 16]],
  [6, [8, 16]],
]);
const indexedColour = 3;

const isLetter = (byte: number) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
const isUpperCase = (byte: number) => byte >= 0x41 && byte <= 0x5a;

const checkHeader = (data: Buffer) => {
  const width = data.readUInt32BE(0);
  const height = data.readUInt32BE(4);
  if (width < 1 || height < 1 || width > maxPngDimension || height > maxPngDimension) {
    throw new ImageRejection('png-dimensions', `${width} × ${height}`);
  }
  const [bitDepth, colourType, compression, filter, interlace] = data.subarray(8);
  const allowedDepths = bitDepthsByColourType.get(colourType ?? -1);
  if (!allowedDepths?.includes(bitDepth ?? -1) || compression !== 0 || filter !== 0 || (interlace ?? 2) > 1) {
    throw new ImageRejection('png-header');
  }
  return { width, height, colourType: colourType as number };
};

/**
 * Walks every chunk of a PNG once (work linear in its length) and refuses anything a
 * decoder could read differently: a broken CRC, chunks out of order, bytes after IEND
 * (a polyglot's HTML tail), or dimensions beyond what a signature pad produces.
 * The compressed image data itself is not inflated.
 */
export const checkPngStructure = (bytes: Buffer): { width: number; height: number } => {
  if (bytes.length < pngSignature.length || !bytes.subarray(0, pngSignature.length).equals(pngSignature)) {
    throw new ImageRejection('png-signature');
  }
  let offset = pngSignature.length;
  let header: ReturnType<typeof checkHeader> | undefined;
  let seenPalette = false;
  let imageData: 'none' | 'running' | 'ended' = 'none';
  let ended = false;
  while (offset < bytes.length) {
    if (ended) throw new ImageRejection('png-after-end', String(bytes.length - offset));
    if (bytes.length - offset < chunkOverhead) throw new ImageRejection('png-truncated');
    const length = bytes.readUInt32BE(offset);
    if (length > maxChunkLength || length > bytes.length - offset - chunkOverhead) {
      throw new ImageRejection('png-truncated');
    }
    const typeBytes = bytes.subarray(offset + 4, offset + 8);
    if (!typeBytes.every(isLetter) || !isUpperCase(typeBytes[2] as number)) {
      throw new ImageRejection('png-chunk-type');
    }
    const type = typeBytes.toString('latin1');
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length)) {
      throw new ImageRejection('png-crc', type);
    }
    if (!header && (type !== 'IHDR' || length !== headerLength)) throw new ImageRejection('png-header');
    if (imageData === 'running' && type !== 'IDAT') imageData = 'ended';
    switch (type) {
      case 'IHDR':
        if (header) throw new ImageRejection('png-chunk-order', type);
        header = checkHeader(data);
        break;
      case 'PLTE':
        if (seenPalette || imageData !== 'none' || header?.colourType === 0 || header?.colourType === 4) {
          throw new ImageRejection('png-chunk-order', type);
        }
        seenPalette = true;
        break;
      case 'IDAT':
        if (imageData === 'ended' || (header?.colourType === indexedColour && !seenPalette)) {
          throw new ImageRejection('png-chunk-order', type);
        }
        imageData = 'running';
        break;
      case 'IEND':
        if (length !== 0 || imageData === 'none') throw new ImageRejection('png-chunk-order', type);
        ended = true;
        break;
      default:
        // An unknown critical chunk (upper-case first letter) means a decoder must give up on the image.
        if (isUpperCase(typeBytes[0] as number)) throw new ImageRejection('png-unknown-critical-chunk', type);
    }
    offset += chunkOverhead + length;
  }
  if (!ended || !header) throw new ImageRejection('png-no-end');
  return { width: header.width, height: header.height };
};
