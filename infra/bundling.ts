import { fileURLToPath } from 'node:url';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import type { BuildOptions } from 'esbuild';
import { areas } from '#shared/areas.ts';
import { areaProblemsOf } from '#shared/http/area-problems.ts';
import type { Language } from '#shared/messages/index.ts';
import { eventTypes } from '#shared/outbox/event-types.ts';
import { inventory } from '#shared/privacy/inventory.ts';
import type { RouteDefinition } from '#shared/routes.ts';

/**
 * Bundling settings, defined once: the CDK stack and the bundle-size benchmark
 * (raw esbuild) must build exactly the same artefact.
 */

// Node 24 is the current LTS Lambda runtime with the longest support window; arm64 is cheaper per GB-s.
export const lambdaPlatform = { runtime: Runtime.NODEJS_24_X, architecture: Architecture.ARM_64 } as const;

// ESM bundles have no `require`; CommonJS dependencies bundled into them still call it.
const requireShim =
  "import { createRequire as topLevelCreateRequire } from 'node:module'; const require = topLevelCreateRequire(import.meta.url);";

/** The AWS SDK v3 packages, which the Lambda Node.js runtime also ships. */
export const awsSdkModules = ['@aws-sdk/*'] as const;

const substitute = (file: string) => fileURLToPath(new URL(`../shared/bundle-substitutes/${file}`, import.meta.url));

/**
 * Modules the bundles take in place of a dependency's own, for a cold start
 * (reasons in each file). fflate, html-entities and Brotli are the document
 * functions' (pdf-lib and fontkit); `node:stream/web` is middy's, in every function.
 */
export const bundleSubstitutes: Record<string, string> = {
  fflate: substitute('fflate.ts'),
  'html-entities': substitute('html-entities.ts'),
  'brotli/decompress.js': substitute('brotli-decompress.ts'),
  'node:stream/web': substitute('stream-web.ts'),
};

export const esbuildOptions = {
  format: 'esm',
  platform: 'node',
  target: 'node24',
  minify: true,
  // The map sits beside the bundle and carries no source text: a stack trace from the logs can always be
  // mapped back to our files and lines, and with `enableSourceMaps` Node does it in the function itself.
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: { js: requireShim },
  // The SDK is bundled, not taken from the runtime: tree-shaken and minified into
  // one file it loads in half the time of the runtime's copy read file by file
  // (about 85 ms less per cold start, docs/performance.md), and it pins the
  // version we test with. `awsSdkModules` marks it for measuring our own code.
  external: [] as string[],
  alias: bundleSubstitutes,
} satisfies BuildOptions;

/**
 * Context key that makes every function run with `NODE_OPTIONS=--enable-source-maps`
 * (`cdk deploy -c enableSourceMaps=true`). Off by default: Node then parses the whole map (the bundled
 * SDK's included) at every cold start, about 10 ms of CPU, +10–13 %, which takes the cold start of the
 * heavier functions past 1.25 × their floor.
 */
export const enableSourceMapsContextKey = 'enableSourceMaps';

export const sourceMapEnvironment = (scope: Construct): Record<string, string> => {
  const value = scope.node.tryGetContext(enableSourceMapsContextKey) as string | boolean | undefined;
  return value === true || value === 'true' ? { NODE_OPTIONS: '--enable-source-maps' } : {};
};

/**
 * What esbuild writes into one function's bundle (`define`, declared in
 * shared/build-constants.d.ts): the language it answers in, the areas' problems in
 * it, the personal-data inventory and, for a route's function, that route's definition, so neither the other
 * language's texts nor the list of areas nor the whole route table is bundled.
 */
export const functionConstants = (fn: {
  readonly language: Language;
  readonly route?: RouteDefinition | undefined;
}): Record<string, string> => ({
  __STUDIO_LANGUAGE__: JSON.stringify(fn.language),
  __STUDIO_EVENT_TYPES__: JSON.stringify(eventTypes.join(' ')),
  __STUDIO_INVENTORY__: JSON.stringify(JSON.stringify(inventory)),
  __STUDIO_AREA_PROBLEMS__: JSON.stringify(JSON.stringify(areaProblemsOf(areas, [fn.language]))),
  ...(fn.route
    ? { __STUDIO_ROUTE__: JSON.stringify(fn.route), __STUDIO_ROUTE_NAME__: JSON.stringify(fn.route.name) }
    : {}),
});

export const nodejsBundling = (define: Record<string, string> = {}): BundlingOptions => ({
  define,
  format: OutputFormat.ESM,
  minify: esbuildOptions.minify,
  sourceMap: esbuildOptions.sourcemap,
  sourcesContent: esbuildOptions.sourcesContent,
  target: esbuildOptions.target,
  mainFields: [...esbuildOptions.mainFields],
  banner: esbuildOptions.banner.js,
  externalModules: [...esbuildOptions.external],
  esbuildArgs: Object.fromEntries(
    Object.entries(esbuildOptions.alias).map(([name, file]) => [`--alias:${name}`, file]),
  ),
  // Bundle with the project's own esbuild (the version the benchmark uses), not a Docker image.
  forceDockerBundling: false,
});
