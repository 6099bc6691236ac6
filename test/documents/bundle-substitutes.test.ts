import * as realEntities from 'html-entities';
import { describe, expect, it } from 'vitest';
import * as entities from '#shared/bundle-substitutes/html-entities.ts';
import { ReadableStream as substituteStream } from '#shared/bundle-substitutes/stream-web.ts';

// What the stand-ins get in the bundles (infra/bundling.ts `bundleSubstitutes`) must give what the packages give.

const samples = [
  '',
  'Vertrag Nr. 2026-000001',
  'Fitness & Yoga <Studio> "Süd" l’Atelier \'O\' ß €',
  'a&b&amp;c &lt;&gt;&quot;&apos; &#38; &#x3c; &#128; &#150; &#0; &#1114111; &#9999999; &nbsp; &copy; &unknown;',
  'Ελληνικά عربى 中文 😀 \u0000 \u0085 \ud800',
  'M10 10 L20 20 stroke="#000" fill=\'none\'',
];

/** Attribute values as `drawableSvg` (shared/pdf/draw-signature-image.ts) writes them. */
const asAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');

describe('the html-entities stand-in of the document bundles', () => {
  it('encodes as the package does with its defaults (the PDF library’s metadata)', () => {
    for (const text of [...samples, undefined, null]) expect(entities.encode(text)).toBe(realEntities.encode(text));
  });

  it('decodes what the SVG signature drawing writes, and numeric references, as the package does', () => {
    const written = samples.flatMap((text) => [asAttribute(text), entities.encode(text)]);
    const numeric = [0, 9, 65, 127, 128, 129, 141, 150, 159, 160, 0xd800, 0xffff, 0x1f600, 0x10fffe, 0x10ffff, 0x110000]
      .flatMap((code) => [`&#${code};`, `&#x${code.toString(16)};`, `&#X${code.toString(16).toUpperCase()};`])
      .join(' x ');
    for (const text of [...written, numeric, '&unknown; &amp;amp;', undefined, null]) {
      expect(entities.decode(text), String(text)).toBe(realEntities.decode(text));
    }
  });

  it('refuses options it does not implement instead of ignoring them', () => {
    expect(() => entities.encode('<', { mode: 'nonAscii' })).toThrow(/no options/);
    expect(() => entities.decode('&lt;', { level: 'xml' })).toThrow(/no options/);
  });
});

describe('the node:stream/web stand-in middy gets', () => {
  it('recognises a web stream as the real class does, and nothing else', async () => {
    const { ReadableStream: nodes } = await import('node:stream/web');

    expect(new nodes() instanceof substituteStream).toBe(true);
    expect(new globalThis.ReadableStream() instanceof substituteStream).toBe(true);
    expect({} instanceof substituteStream).toBe(false);
    expect(Object('text') instanceof substituteStream).toBe(false);
  });
});
