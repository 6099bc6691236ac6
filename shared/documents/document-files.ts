import type { GeneratedFile } from '../routes.ts';

/**
 * fontkit as a module of its own, which the document functions load beside their bundle only for a copy
 * that needs a fallback font (see shared/pdf/fonts.ts).
 */
export const fontkitModuleFile = {
  path: '.generated/fontkit.mjs',
  generator: 'infra/write-fontkit-module.ts',
} as const satisfies GeneratedFile;

/** The fonts of the customer's copy (`contractDocumentFontFiles` in shared/pdf/fonts.ts), and fontkit. */
export const contractDocumentFiles = [
  'node_modules/@embedpdf/fonts-latin/fonts/NotoSans-Regular.ttf',
  'node_modules/@embedpdf/fonts-latin/fonts/NotoSans-Bold.ttf',
  'node_modules/@embedpdf/fonts-arabic/fonts/NotoNaskhArabic-Regular.ttf',
  'node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf',
  fontkitModuleFile,
] as const;
