import { build } from 'esbuild';
import { esbuildOptions } from './bundling.ts';

// Run at bundling time (see `fontkitModuleFile` in the route table): prints fontkit as one ES module, bundled
// with the functions' own options and substitutes. The document functions load it beside their bundle only
// for a copy that needs a fallback font, so its 280 KB are not parsed at every cold start.
const result = await build({
  ...esbuildOptions,
  sourcemap: false,
  stdin: { contents: "export { default } from '@cantoo/fontkit';", resolveDir: process.cwd(), loader: 'js' },
  bundle: true,
  write: false,
  logLevel: 'silent',
});
const [module] = result.outputFiles;
if (!module) throw new Error('esbuild wrote no fontkit module');
process.stdout.write(module.contents);
