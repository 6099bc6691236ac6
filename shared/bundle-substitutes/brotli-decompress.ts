/**
 * Takes the place of `brotli/decompress.js` in the document functions'
 * bundles (`bundleSubstitutes` in infra/bundling.ts). fontkit needs Brotli
 * only to open WOFF2 web fonts; the copy embeds TrueType and OpenType files
 * alone (`contractDocumentFontFiles`). The decoder's dictionary is a 480 KB
 * array literal that every cold start would build for nothing.
 */
export default (): never => {
  throw new Error('WOFF2 fonts are not supported in the contract document');
};
