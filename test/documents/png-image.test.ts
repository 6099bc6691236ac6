import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawSignatureImage } from '#shared/documents/draw-signature-image.ts';
import { type DecodedPng, decodeSignaturePng } from '#shared/documents/png-image.ts';
import { pngChunk, pngHeaderChunk, pngSignature } from '../support/images.ts';

// The copy's own reading of signature PNGs (shared/documents/png-image.ts): against the pixels a
// test encoder filtered with every PNG filter, and against the PDF library's general decoder.

const channelsOf: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Deterministic samples: a gradient with noise, so that every filter has something to predict. */
const samplesOf = (width: number, height: number, channels: number) => {
  let seed = 7;
  return Uint8Array.from({ length: width * height * channels }, (_, at) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (at * 7 + (seed >> 16)) & 0xff;
  });
};

const paeth = (left: number, up: number, upLeft: number) => {
  const estimate = left + up - upLeft;
  const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
  return a <= b && a <= c ? left : b <= c ? up : upLeft;
};

/** A PNG of `samples` whose row y is written with filter type y mod 5 (PNG spec §9.2). */
const encodePng = (width: number, height: number, colourType: number, samples: Uint8Array, interlace = 0) => {
  const channels = channelsOf[colourType] as number;
  const stride = width * channels;
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    const filter = y % 5;
    rows.push(filter);
    for (let x = 0; x < stride; x++) {
      const at = y * stride + x;
      const left = x >= channels ? (samples[at - channels] as number) : 0;
      const up = y > 0 ? (samples[at - stride] as number) : 0;
      const upLeft = y > 0 && x >= channels ? (samples[at - stride - channels] as number) : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter] as number;
      rows.push(((samples[at] as number) - predicted) & 0xff);
    }
  }
  return Buffer.concat([
    pngSignature,
    pngHeaderChunk({ width, height, colourType, interlace }),
    pngChunk('IDAT', deflateSync(Buffer.from(rows)).subarray(0, 40)),
    pngChunk('IDAT', deflateSync(Buffer.from(rows)).subarray(40)),
    pngChunk('IEND'),
  ]);
};

const split = (samples: Uint8Array, channels: number) => {
  const colourChannels = channels % 2 === 0 ? channels - 1 : channels;
  const pixels = samples.length / channels;
  const colour = new Uint8Array(pixels * colourChannels);
  const alpha = channels % 2 === 0 ? new Uint8Array(pixels) : undefined;
  for (let pixel = 0; pixel < pixels; pixel++) {
    colour.set(samples.subarray(pixel * channels, pixel * channels + colourChannels), pixel * colourChannels);
    if (alpha) alpha[pixel] = samples[pixel * channels + colourChannels] as number;
  }
  return { colour, alpha };
};

/** A one-page PDF with what `draw` puts on it: how many images poppler finds, and the page as it draws it. */
const pdfImages = async (draw: (document: PDFDocument, page: ReturnType<PDFDocument['addPage']>) => Promise<void>) => {
  const document = await PDFDocument.create();
  await draw(document, document.addPage([200, 200]));
  const folder = mkdtempSync(join(tmpdir(), 'png-image-'));
  const file = join(folder, 'image.pdf');
  writeFileSync(file, await document.save());
  execFileSync('pdfimages', ['-png', file, join(folder, 'image')]);
  execFileSync('pdftoppm', ['-r', '144', file, join(folder, 'page')]);
  const files = readdirSync(folder).sort();
  return {
    images: files.filter((name) => name.startsWith('image-')).length,
    // The page as poppler draws it: the PDF library widens grey to RGB, which draws the same.
    page: readFileSync(join(folder, files.find((name) => name.startsWith('page-')) as string)),
  };
};

describe('reading a signature PNG for the copy', () => {
  it.each([
    ['grey', 0],
    ['RGB', 2],
    ['grey with alpha', 4],
    ['RGBA, as a signature pad writes it', 6],
  ])('gives back the samples of a %s PNG, each filter reversed, its alpha apart', (_, colourType) => {
    const [width, height] = [23, 11];
    const channels = channelsOf[colourType] as number;
    const samples = samplesOf(width, height, channels);

    const decoded = decodeSignaturePng(encodePng(width, height, colourType, samples)) as DecodedPng;

    const expected = split(samples, channels);
    expect(decoded).toMatchObject({ width, height, colourSpace: channels >= 3 ? 'DeviceRGB' : 'DeviceGray' });
    expect(Buffer.from(decoded.colour).equals(Buffer.from(expected.colour))).toBe(true);
    expect(decoded.alpha && Buffer.from(decoded.alpha).equals(Buffer.from(expected.alpha ?? []))).toBe(
      expected.alpha ? true : undefined,
    );
  });

  it('leaves interlaced, palette and 16-bit PNGs to the PDF library', () => {
    const samples = samplesOf(4, 4, 4);

    expect(decodeSignaturePng(encodePng(4, 4, 6, samples, 1))).toBeUndefined();
    expect(
      decodeSignaturePng(Buffer.concat([pngSignature, pngHeaderChunk({ width: 4, height: 4, colourType: 3 })])),
    ).toBeUndefined();
    expect(
      decodeSignaturePng(
        Buffer.concat([pngSignature, pngHeaderChunk({ width: 4, height: 4, bitDepth: 16, colourType: 2 })]),
      ),
    ).toBeUndefined();
  });

  it.each([0, 2, 4, 6])(
    'puts the same image and soft mask into a PDF as the PDF library does (colour type %i)',
    async (colourType) => {
      const png = encodePng(40, 30, colourType, samplesOf(40, 30, channelsOf[colourType] as number));
      const box = { x: 10, y: 10, width: 80, height: 60 };

      const ours = await pdfImages(async (document, page) => {
        expect(
          await drawSignatureImage(document, page, { role: 'customer', mediaType: 'image/png', bytes: png }, box),
        ).toBe(true);
      });
      const library = await pdfImages(async (document, page) => {
        page.drawImage(await document.embedPng(png), box);
      });

      expect(ours.images).toBe(colourType >= 4 ? 2 : 1);
      expect(ours.page.equals(library.page)).toBe(true);
    },
  );
});
