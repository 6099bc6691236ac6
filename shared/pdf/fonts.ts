import type fontkit from '@cantoo/fontkit';
import type { Font, Glyph } from '@cantoo/fontkit';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import { bundledRouteFile, readRouteFile } from '../route-files.ts';
import { fontkitModuleFile } from '../routes.ts';
import { subsetFont } from './subset-font.ts';
import { parseTrueType, type TrueTypeFont } from './truetype-font.ts';

/**
 * The fonts of the customer's copy, as files (they are too big to bundle; the
 * document route lists them as its `files`, so the stack copies them next to
 * the bundle). Noto Sans covers Latin, Greek and Cyrillic; Noto Naskh Arabic
 * and Noto Sans Hans (Chinese and Japanese) are embedded only into copies
 * that need them. Hangul and other scripts none of these covers are written
 * as their code points, `[U+AE40]`: readable, never an empty box.
 */
export const contractDocumentFontFiles = {
  regular: 'node_modules/@embedpdf/fonts-latin/fonts/NotoSans-Regular.ttf',
  bold: 'node_modules/@embedpdf/fonts-latin/fonts/NotoSans-Bold.ttf',
  arabic: 'node_modules/@embedpdf/fonts-arabic/fonts/NotoNaskhArabic-Regular.ttf',
  cjk: 'node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf',
} as const;

type MainFontName = 'regular' | 'bold';
type FallbackFontName = 'arabic' | 'cjk';

/** The characters a font has glyphs for. */
export interface CharacterCoverage {
  has(codePoint: number): boolean;
}

interface LoadedFont {
  bytes: Uint8Array;
  codePoints: CharacterCoverage;
}

type Fontkit = typeof fontkit;
type ParsedFont = Exclude<ReturnType<Fontkit['create']>, null>;

// Parsing a font's tables (cmap, GSUB, GPOS, glyf) costs far more than a whole
// page: the PDF library is handed the same parsed font for every document.
// Subsets are made per document, so sharing the parsed font is safe.
const parsedFonts = new WeakMap<Uint8Array, ParsedFont>();

// Latin, Greek and Han need no shaping, and the PDF library draws glyphs with
// their advance widths only (no kerning): one glyph per character gives the
// same page as fontkit's full OpenType layout at a fraction of its cost, which
// dominated rendering. Arabic keeps the full layout (joining forms, right to left).
const withoutShaping = (font: Font): Font => {
  const direct = Object.create(font) as Font;
  direct.layout = ((text: string) => {
    const glyphs = [...text]
      .map((char) => font.glyphForCodePoint(char.codePointAt(0) as number) ?? font.getGlyph(0))
      .filter((glyph): glyph is Glyph => glyph !== null);
    return { glyphs, positions: [], advanceWidth: glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) };
  }) as unknown as typeof font.layout;
  return direct;
};
// The PDF library reads a font's italic angle and fixed-pitch flag from its
// `post` table, which fontkit decodes whole, Noto Sans's 4,000 glyph names
// included: some 13 ms and much garbage on a cold start. Both sit in the
// table's fixed header (OpenType "post", offsets 4 and 12).
export interface PostHeader {
  italicAngle: number;
  underlinePosition: number;
  underlineThickness: number;
  isFixedPitch: number;
}
export const withPostHeaderOnly = <F extends ParsedFont>(font: F, bytes: Uint8Array): F & { post?: PostHeader } => {
  const entry = (font as unknown as { directory: { tables: Record<string, { offset: number } | undefined> } }).directory
    .tables.post;
  if (!entry) return font;
  const header = new DataView(bytes.buffer, bytes.byteOffset + entry.offset, 16);
  const post: PostHeader = {
    italicAngle: header.getInt32(4) / 65536,
    underlinePosition: header.getInt16(8),
    underlineThickness: header.getInt16(10),
    isFixedPitch: header.getUint32(12),
  };
  const shadowed = Object.create(font) as F;
  Object.defineProperty(shadowed, 'post', { value: post });
  return shadowed;
};

// fontkit (with its layout engine and Unicode tables) is loaded only for a copy
// that needs a fallback font: a name in Arabic or Chinese script. In Lambda it is
// a module of its own beside the bundle (`fontkitModuleFile`), so a cold start
// does not parse its 280 KB; run from the repository, it is the package. The
// specifier is a variable so that esbuild leaves the package out of the bundle.
const fontkitPackage = '@cantoo/fontkit';
const importFontkit = (): Promise<{ default: Fontkit }> =>
  import(bundledRouteFile(fontkitModuleFile.path)?.href ?? fontkitPackage);

let fontkitLoaded: Promise<Fontkit> | undefined;
const loadFontkit = () => {
  fontkitLoaded ??= importFontkit().then(
    ({ default: library }) =>
      ({
        ...library,
        create: (bytes: Uint8Array) => parsedFonts.get(bytes) ?? library.create(bytes),
      }) as Fontkit,
  );
  return fontkitLoaded;
};

/** Read once per process (a Lambda container serves many copies), and forgotten if reading failed. */
const once = <Name, Value>(load: (name: Name) => Promise<Value>) => {
  const loaded = new Map<Name, Promise<Value>>();
  return (name: Name): Promise<Value> => {
    let value = loaded.get(name);
    if (!value) {
      value = load(name);
      value.catch(() => loaded.delete(name));
      loaded.set(name, value);
    }
    return value;
  };
};

const loadMainFont = once(
  async (name: MainFontName): Promise<TrueTypeFont> =>
    parseTrueType(await readRouteFile(contractDocumentFontFiles[name])),
);

const loadFallbackFont = once(async (name: FallbackFontName): Promise<LoadedFont> => {
  const [buffer, fontkit] = await Promise.all([readRouteFile(contractDocumentFontFiles[name]), loadFontkit()]);
  const bytes = new Uint8Array(buffer);
  const parsed = fontkit.create(bytes);
  if (!('glyphForCodePoint' in parsed)) throw new Error(`${contractDocumentFontFiles[name]} is a font collection`);
  const cheap = withPostHeaderOnly(parsed, bytes);
  parsedFonts.set(bytes, name === 'arabic' ? cheap : withoutShaping(cheap));
  return { bytes, codePoints: new Set(parsed.characterSet) };
});

export interface FallbackFont {
  font: PDFFont;
  /** Names the font file: measured widths are kept per file across documents. */
  key: string;
  codePoints: CharacterCoverage;
}

export interface DocumentFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** The font file of each embedded font (see `FallbackFont.key`). */
  keys: ReadonlyMap<PDFFont, string>;
  /** What `regular` and `bold` cover (the same Noto Sans character set). */
  codePoints: CharacterCoverage;
  /** Tried in order for characters the main font lacks. */
  fallbacks: readonly FallbackFont[];
  /** Embeds every font with the glyphs drawn so far: call it once all text is drawn, before saving. */
  embed(): Promise<void>;
}

/** Embeds the fonts, subsetted; a fallback font only when `texts` need a character that only it has. */
export const embedDocumentFonts = async (document: PDFDocument, texts: Iterable<string>): Promise<DocumentFonts> => {
  const [regular, bold] = await Promise.all([loadMainFont('regular'), loadMainFont('bold')]);
  let missing = new Set<number>();
  for (const text of texts) {
    for (const char of text) {
      const codePoint = char.codePointAt(0) as number;
      if (!regular.codePoints.has(codePoint)) missing.add(codePoint);
    }
  }
  const fallbacks: FallbackFont[] = [];
  for (const name of ['arabic', 'cjk'] as const) {
    if (missing.size === 0) break;
    const candidate = await loadFallbackFont(name);
    const covered = [...missing].filter((codePoint) => candidate.codePoints.has(codePoint));
    if (covered.length === 0) continue;
    document.registerFontkit(await loadFontkit());
    fallbacks.push({
      font: await document.embedFont(candidate.bytes, { subset: true }),
      key: name,
      codePoints: candidate.codePoints,
    });
    missing = new Set([...missing].filter((codePoint) => !candidate.codePoints.has(codePoint)));
  }
  const regularFont = subsetFont(document, regular);
  const boldFont = subsetFont(document, bold);
  return {
    regular: regularFont,
    bold: boldFont,
    keys: new Map([
      [regularFont, 'regular'],
      [boldFont, 'bold'],
      ...fallbacks.map(({ font, key }) => [font, key] as const),
    ]),
    codePoints: regular.codePoints,
    fallbacks,
    embed: async () => {
      await Promise.all([regularFont, boldFont, ...fallbacks.map(({ font }) => font)].map((font) => font.embed()));
    },
  };
};
