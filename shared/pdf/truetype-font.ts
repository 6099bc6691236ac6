/*
 * Over 250 lines on purpose: one reader of one file format, table by table (head, hhea, maxp,
 * OS/2, post, name, cmap, hmtx, loca, glyf); the tables' offsets are read against each other,
 * and the checks against fontkit's full decode (test/documents/truetype-font.test.ts) cover it as a whole.
 */
/**
 * Just enough of a TrueType font (OpenType with `glyf` outlines) to set text
 * in it and embed a subset of it into a PDF: the character map, the advance
 * widths, the metrics a PDF font descriptor names, and the outlines of chosen
 * glyphs. The copy's main fonts (Noto Sans) need nothing more: no shaping, no
 * kerning (see fonts.ts). A full font library evaluated, parsed and ran its
 * subsetter unoptimised on every cold start of the document functions, some
 * 35 ms; this reads a few tables in place. Offsets and layouts are those of
 * the OpenType specification's tables (head, hhea, maxp, OS/2, post, name,
 * cmap, hmtx, loca, glyf).
 */
export interface TrueTypeFont {
  postscriptName: string;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
  xHeight: number;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  italicAngle: number;
  fixedPitch: boolean;
  /** OS/2 `sFamilyClass`: tells a PDF reader whether the font is serif or script. */
  familyClass: number;
  italic: boolean;
  /** Whether the font maps a character to a glyph. */
  codePoints: { has(codePoint: number): boolean };
  /** Every character the font maps, in order. */
  characters(): number[];
  glyphOf(codePoint: number): number | undefined;
  advanceOf(glyph: number): number;
  /**
   * A TrueType file with the outlines of `glyphs` (their components and the
   * missing-glyph glyph 0 included) and no others. Glyph ids stay as they are,
   * so text encoded with them needs no map (`CIDToGIDMap /Identity`).
   */
  subset(glyphs: Iterable<number>): Uint8Array;
}

interface TableRecord {
  offset: number;
  length: number;
  checksum: number;
}

const tag = (bytes: Uint8Array, offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));

const readTables = (view: DataView, bytes: Uint8Array): Map<string, TableRecord> => {
  const version = view.getUint32(0);
  if (version !== 0x00010000 && version !== 0x74727565) throw new Error('Not a TrueType font');
  const tables = new Map<string, TableRecord>();
  for (let index = 0; index < view.getUint16(4); index++) {
    const record = 12 + 16 * index;
    tables.set(tag(bytes, record), {
      checksum: view.getUint32(record + 4),
      offset: view.getUint32(record + 8),
      length: view.getUint32(record + 12),
    });
  }
  return tables;
};

interface CharacterMap {
  glyphOf(codePoint: number): number | undefined;
  characters(): number[];
}

/** The last index in [0, count) whose value is at most `target`, or -1: the segment or group a character is in. */
const lastAtMost = (count: number, valueAt: (index: number) => number, target: number) => {
  let [low, high] = [0, count - 1];
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (valueAt(middle) <= target) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
};

/**
 * cmap formats 12 (all of Unicode) and 4 (the Basic Multilingual Plane), looked
 * up in place by binary search: a map of every character would be built on each
 * cold start for the few dozen a copy uses.
 */
const readCharacterMap = (view: DataView, cmap: TableRecord): CharacterMap => {
  const subtables = new Map<string, number>();
  for (let index = 0; index < view.getUint16(cmap.offset + 2); index++) {
    const record = cmap.offset + 4 + 8 * index;
    const offset = cmap.offset + view.getUint32(record + 4);
    subtables.set(`${view.getUint16(record)}/${view.getUint16(record + 2)}/${view.getUint16(offset)}`, offset);
  }
  const full = subtables.get('3/10/12') ?? subtables.get('0/4/12');
  if (full !== undefined) {
    const groups = view.getUint32(full + 12);
    const group = (index: number) => full + 16 + 12 * index;
    return {
      glyphOf: (codePoint) => {
        const index = lastAtMost(groups, (at) => view.getUint32(group(at)), codePoint);
        if (index < 0 || codePoint > view.getUint32(group(index) + 4)) return undefined;
        return view.getUint32(group(index) + 8) + codePoint - view.getUint32(group(index));
      },
      characters: () => {
        const all: number[] = [];
        for (let index = 0; index < groups; index++) {
          for (let char = view.getUint32(group(index)); char <= view.getUint32(group(index) + 4); char++)
            all.push(char);
        }
        return all;
      },
    };
  }
  const basic = subtables.get('3/1/4') ?? subtables.get('0/3/4');
  if (basic === undefined) throw new Error('The font has no Unicode character map');
  const segments = view.getUint16(basic + 6) / 2;
  const ends = basic + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  const inSegment = (segment: number, codePoint: number) => {
    const start = view.getUint16(starts + 2 * segment);
    if (codePoint < start || codePoint === 0xffff) return undefined;
    const delta = view.getInt16(deltas + 2 * segment);
    const rangeOffset = view.getUint16(rangeOffsets + 2 * segment);
    if (rangeOffset === 0) return (codePoint + delta) & 0xffff || undefined;
    const raw = view.getUint16(rangeOffsets + 2 * segment + rangeOffset + 2 * (codePoint - start));
    return raw === 0 ? undefined : (raw + delta) & 0xffff || undefined;
  };
  // The segment a character is in is the first whose end is at or after it.
  const segmentOf = (codePoint: number) =>
    lastAtMost(segments, (at) => view.getUint16(ends + 2 * at), codePoint - 1) + 1;
  return {
    glyphOf: (codePoint) => (codePoint > 0xffff ? undefined : inSegment(segmentOf(codePoint), codePoint)),
    characters: () => {
      const all: number[] = [];
      for (let segment = 0; segment < segments; segment++) {
        const end = view.getUint16(ends + 2 * segment);
        for (let char = view.getUint16(starts + 2 * segment); char <= end; char++) {
          if (inSegment(segment, char) !== undefined) all.push(char);
        }
      }
      return all;
    },
  };
};

/** The PostScript name (name id 6), from the Windows (UTF-16) or Macintosh (Roman) record. */
const readPostscriptName = (view: DataView, name: TableRecord | undefined): string => {
  if (!name) return 'Font';
  const strings = name.offset + view.getUint16(name.offset + 4);
  for (let index = 0; index < view.getUint16(name.offset + 2); index++) {
    const record = name.offset + 6 + 12 * index;
    if (view.getUint16(record + 6) !== 6) continue;
    const [platform, length, offset] = [
      view.getUint16(record),
      view.getUint16(record + 8),
      view.getUint16(record + 10),
    ];
    const start = strings + offset;
    const codes: number[] = [];
    if (platform === 3 || platform === 0) for (let at = 0; at < length; at += 2) codes.push(view.getUint16(start + at));
    else for (let at = 0; at < length; at++) codes.push(view.getUint8(start + at));
    return String.fromCharCode(...codes).replace(/[^\x21-\x7e]|[[\](){}<>/%]/g, '');
  }
  return 'Font';
};

const padded = (length: number) => (length + 3) & ~3;

/** The sum of a table's big-endian 32-bit words, the last one padded with zeros. */
const checksum = (bytes: Uint8Array): number => {
  let sum = 0;
  for (let at = 0; at < bytes.length; at += 4) {
    const word =
      ((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    sum = (sum + word) >>> 0;
  }
  return sum;
};

// Composite glyph flags (glyf table): which fields follow a component's glyph id.
const argsAreWords = 0x0001;
const haveScale = 0x0008;
const moreComponents = 0x0020;
const haveXAndYScale = 0x0040;
const haveTwoByTwo = 0x0080;

/**
 * Writes a font file: the table directory (sorted by tag, with checksums) and the 4-byte aligned tables.
 * `knownChecksums` are those of tables copied unchanged, as the original's directory states them. The
 * whole file's sum, for head's adjustment, is the directory's plus the tables' (each padded to 4 bytes).
 */
const writeFont = (tables: Map<string, Uint8Array>, knownChecksums: ReadonlyMap<string, number>): Uint8Array => {
  const tags = [...tables.keys()].sort();
  const power = 2 ** Math.floor(Math.log2(tags.length));
  let offset = 12 + 16 * tags.length;
  const size = tags.reduce((sum, name) => sum + padded(tables.get(name)?.length ?? 0), offset);
  const file = new Uint8Array(size);
  const view = new DataView(file.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, tags.length);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, tags.length * 16 - power * 16);
  let headOffset = 0;
  let tablesSum = 0;
  tags.forEach((name, index) => {
    const table = tables.get(name) as Uint8Array;
    const record = 12 + 16 * index;
    const sum = knownChecksums.get(name) ?? checksum(table);
    tablesSum = (tablesSum + sum) >>> 0;
    for (let char = 0; char < 4; char++) view.setUint8(record + char, name.charCodeAt(char));
    view.setUint32(record + 4, sum);
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, table.length);
    file.set(table, offset);
    if (name === 'head') headOffset = offset;
    offset += padded(table.length);
  });
  const directorySum = checksum(file.subarray(0, 12 + 16 * tags.length));
  view.setUint32(headOffset + 8, (0xb1b0afba - directorySum - tablesSum) >>> 0);
  return file;
};

export const parseTrueType = (bytes: Uint8Array): TrueTypeFont => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = readTables(view, bytes);
  const table = (name: string): TableRecord => {
    const record = tables.get(name);
    if (!record) throw new Error(`The font has no ${name} table`);
    return record;
  };
  const [head, hhea, maxp, hmtx, loca, glyf] = ['head', 'hhea', 'maxp', 'hmtx', 'loca', 'glyf'].map(table) as [
    TableRecord,
    TableRecord,
    TableRecord,
    TableRecord,
    TableRecord,
    TableRecord,
  ];
  const os2 = tables.get('OS/2');
  const post = tables.get('post');
  const glyphCount = view.getUint16(maxp.offset + 4);
  const horizontalMetrics = view.getUint16(hhea.offset + 34);
  const longOffsets = view.getInt16(head.offset + 50) === 1;
  const characters = readCharacterMap(view, table('cmap'));
  // A copy sets a few dozen distinct characters thousands of times (measuring, wrapping, drawing).
  const glyphs = new Map<number, number | undefined>();
  const glyphOf = (codePoint: number) => {
    if (glyphs.has(codePoint)) return glyphs.get(codePoint);
    const glyph = characters.glyphOf(codePoint);
    glyphs.set(codePoint, glyph);
    return glyph;
  };

  const glyphStart = (glyph: number) =>
    longOffsets ? view.getUint32(loca.offset + 4 * glyph) : 2 * view.getUint16(loca.offset + 2 * glyph);
  const outline = (glyph: number) =>
    bytes.subarray(glyf.offset + glyphStart(glyph), glyf.offset + glyphStart(glyph + 1));
  const components = (data: Uint8Array): number[] => {
    if (data.length < 10) return [];
    const glyphView = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (glyphView.getInt16(0) >= 0) return [];
    const found: number[] = [];
    let at = 10;
    for (;;) {
      const flags = glyphView.getUint16(at);
      found.push(glyphView.getUint16(at + 2));
      at += 4 + (flags & argsAreWords ? 4 : 2);
      if (flags & haveScale) at += 2;
      else if (flags & haveXAndYScale) at += 4;
      else if (flags & haveTwoByTwo) at += 8;
      if (!(flags & moreComponents)) return found;
    }
  };
  const advanceOf = (glyph: number) => view.getUint16(hmtx.offset + 4 * Math.min(glyph, horizontalMetrics - 1));

  const subset = (glyphs: Iterable<number>): Uint8Array => {
    const kept = new Set<number>();
    const pending = [0, ...glyphs];
    while (pending.length > 0) {
      const glyph = pending.pop() as number;
      if (glyph >= glyphCount || kept.has(glyph)) continue;
      kept.add(glyph);
      pending.push(...components(outline(glyph)));
    }
    const newLoca = new Uint8Array(4 * (glyphCount + 1));
    const locaView = new DataView(newLoca.buffer);
    const pieces: Uint8Array[] = [];
    let end = 0;
    for (let glyph = 0; glyph < glyphCount; glyph++) {
      locaView.setUint32(4 * glyph, end);
      if (!kept.has(glyph)) continue;
      const data = outline(glyph);
      pieces.push(data);
      end += padded(data.length);
    }
    locaView.setUint32(4 * glyphCount, end);
    const newGlyf = new Uint8Array(end);
    let at = 0;
    for (const piece of pieces) {
      newGlyf.set(piece, at);
      at += padded(piece.length);
    }
    // Metrics of glyphs left out are zeroed: the PDF's widths are what readers use, and zeros compress away.
    const newHmtx = new Uint8Array(bytes.subarray(hmtx.offset, hmtx.offset + hmtx.length));
    const hmtxView = new DataView(newHmtx.buffer);
    for (let glyph = 0; glyph < glyphCount; glyph++) {
      if (kept.has(glyph)) continue;
      if (glyph < horizontalMetrics) hmtxView.setUint32(4 * glyph, 0);
      else hmtxView.setInt16(4 * horizontalMetrics + 2 * (glyph - horizontalMetrics), 0);
    }
    const newHead = new Uint8Array(bytes.subarray(head.offset, head.offset + head.length));
    const headView = new DataView(newHead.buffer);
    headView.setUint32(8, 0);
    headView.setInt16(50, 1);
    const copied = ['hhea', 'maxp', 'cvt ', 'fpgm', 'prep'].filter((name) => tables.has(name));
    const copy = (name: string) => {
      const record = table(name);
      return [name, bytes.subarray(record.offset, record.offset + record.length)] as const;
    };
    // The tables a PDF reader needs to draw a CIDFontType2 (ISO 32000-1, 9.9): no cmap, names or layout.
    return writeFont(
      new Map<string, Uint8Array>([
        ['head', newHead],
        ['loca', newLoca],
        ['glyf', newGlyf],
        ['hmtx', newHmtx],
        ...copied.map(copy),
      ]),
      new Map(copied.map((name) => [name, table(name).checksum])),
    );
  };

  const os2Version = os2 ? view.getUint16(os2.offset) : 0;
  return {
    postscriptName: readPostscriptName(view, tables.get('name')),
    unitsPerEm: view.getUint16(head.offset + 18),
    ascent: view.getInt16(hhea.offset + 4),
    descent: view.getInt16(hhea.offset + 6),
    capHeight: os2 && os2Version >= 2 ? view.getInt16(os2.offset + 88) : 0,
    xHeight: os2 && os2Version >= 2 ? view.getInt16(os2.offset + 86) : 0,
    bbox: {
      minX: view.getInt16(head.offset + 36),
      minY: view.getInt16(head.offset + 38),
      maxX: view.getInt16(head.offset + 40),
      maxY: view.getInt16(head.offset + 42),
    },
    italicAngle: post ? view.getInt32(post.offset + 4) / 65536 : 0,
    fixedPitch: post ? view.getUint32(post.offset + 12) !== 0 : false,
    familyClass: os2 ? view.getInt16(os2.offset + 30) : 0,
    italic: (view.getUint16(head.offset + 44) & 0x0002) !== 0,
    codePoints: { has: (codePoint) => glyphOf(codePoint) !== undefined },
    characters: characters.characters,
    glyphOf,
    advanceOf,
    subset,
  };
};
