import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { awsSdkModules, esbuildOptions, functionConstants } from '#infra/bundling.ts';
import { repositoryRoot } from '#infra/local/handler-loader.ts';
import { backgroundFunctions, fallbackRoute, type GeneratedFile, type RouteName, routes } from '#shared/routes.ts';

export type FunctionName = RouteName | typeof fallbackRoute.name | (typeof backgroundFunctions)[number]['name'];

export interface LambdaFunction {
  name: FunctionName;
  /** Handler module, relative to the repository root. */
  entry: string;
  /** Files the stack puts into the function's `files/` folder, copied or generated (see `RouteDefinition`). */
  files: readonly (string | GeneratedFile)[];
  /** What the stack's esbuild writes into the bundle (`functionConstants`). */
  constants: Record<string, string>;
}

/** Every function the stack deploys: one per route, the `$default` route's and the background functions. */
export const lambdaFunctions: readonly LambdaFunction[] = [
  ...routes.map((route) => ({
    name: route.name,
    entry: route.entry,
    files: 'files' in route ? route.files : [],
    constants: functionConstants({ language: route.language, route }),
  })),
  { ...fallbackRoute, files: [], constants: functionConstants({ language: fallbackRoute.language }) },
  ...backgroundFunctions.map((fn) => ({
    name: fn.name,
    entry: fn.entry,
    files: 'files' in fn ? fn.files : [],
    constants: functionConstants({ language: fn.language }),
  })),
];

// Our own code per function, minified, without the AWS SDK (which the stack
// adds to every bundle): what we control and what the budget is about.
export const defaultBundleBudgetKb = 60;

/**
 * The functions that carry a library or a check no other function needs, each
 * with a budget of its own and the reason (docs/performance.md); checked by
 * test/infra/bundle-size.test.ts and reported by the bench.
 */
export const ownBundleBudgetsKb: Partial<Record<FunctionName, { kb: number; why: string }>> = {
  'contracts-document': {
    kb: 700,
    why: 'PDF rendering and signing: @cantoo/pdf-lib (~0.46 MB); fontkit is a module of its own beside the bundle',
  },
  'signing-document': { kb: 700, why: 'the same PDF as contracts-document' },
  'contracts-amendment-document': {
    kb: 700,
    why: "the same PDF as contracts-document, for an amendment's draft and its kept original (measured 631.0 KB)",
  },
  'documents-render': {
    kb: 785,
    why: "the same PDF as contracts-document, rendered from the stream, and since it mails the Kündigungsbestätigung the MIME message as contracts-send-copy (measured 746 KB); measured 761.0 KB with the reminder's letter (Zahlungserinnerung, Mahnung) it renders, seals and mails beside the originals; 765.3 KB with the Vorabankündigung it mails after a return (the studio's profile for its notice days, the TARGET2 calendar for the date); 772.4 KB with an agreed amendment's document, rendered, kept and mailed, and the amendments' price changes in the payment schedule (measured before the Vorabankündigung joined it)",
  },
  'contracts-send-copy': {
    kb: 776,
    why: "the same PDF as contracts-document, and the MIME message: nodemailer's MailComposer (135 KB, 74 KB of it its table of MIME types, which nodemailer imports by a relative path that no alias can replace); measured 760.7 KB with the withdrawal's texts in the contracts' catalogue, 764.9 KB with the Widerrufsbelehrung and the model form a remote-signed original prints; measured 768.7 KB with a mandate signed on a later day is mailed beside the original; measured 771.9 KB with the agreed amendments' price changes in the payment schedule (their read and the in-force timeline)",
  },
  'signing-sessions-open': {
    kb: 236,
    why: "the QR code of the signing link (qrcode's core and SVG renderer, 23 KB), and since a remote session mails its link the MIME message as contracts-send-copy (nodemailer's MailComposer, 135 KB; measured 224.7 KB); measured 233.3 KB with an amendment's session: the amendment's record and the checks that it is still offered on a running contract",
  },
  'contracts-sign': {
    kb: 78,
    why: "the signature image parsed for real: XML subset, SVG allow-list, PNG chunks (9 KB); measured 75.9 KB with the contract's pauses and amendments in force and its account summary: the schema's in-force fields and the dues engine with pauses, price steps and the Ruhezeitgebühr",
  },
  'signing-sign': {
    kb: 82,
    why: "the same signature image checks as contracts-sign; every area's problem titles, not-found texts and event types ride along in each bundle (75.0 KB before the collections and declarations areas, 76.6 KB with the withdrawal's texts, 77.7 KB with the withdrawal period a remote signature sets, 78.0 KB with the account's summary on the contract and the accounts area's event types); measured 79.5 KB with the contract's pauses and amendments in force and its account summary: the schema's in-force fields and the dues engine with pauses, price steps and the Ruhezeitgebühr",
  },
  'signing-sign-mandate': {
    kb: 83,
    why: "the same signature image checks and seal as contracts-sign-mandate, and the signing token's session (measured 75.8 KB); measured 80.0 KB with the contract's pauses, amendments and account summary in every contract it maps",
  },
  'contracts-add-mandate': {
    kb: 83,
    why: "a new mandate's IBAN check: ibantools and its IBAN registry (18 KB), as contracts-create (measured 77.0 KB); measured 80.4 KB with the contract's pauses and amendments in force and its account summary: the schema's in-force fields and the dues engine with pauses, price steps and the Ruhezeitgebühr",
  },
  'contracts-sign-mandate': {
    kb: 75,
    why: 'the same signature image checks and seal as contracts-sign, for the SEPA mandate (measured 71.0 KB)',
  },
  'contracts-sign-amendment': {
    kb: 90,
    why: "the same signature image checks and seal as contracts-sign, the amendment's record and the contract's in-force fields, and the overlap and collected-due checks a pause repeats when signed (measured 85.0 KB)",
  },
  'contracts-offer-amendment': {
    kb: 80,
    why: "every check of an offer: the services' store for an items change, a contract's stored dues for a pause, the period arithmetic (measured 75.3 KB)",
  },
  'declarations-match': {
    kb: 220,
    why: "the confirmation's MIME message: nodemailer's MailComposer (135 KB, as contracts-send-copy), beside the contracts' termination rules and the contacts' and studio's reads (measured 191 KB)",
  },
  'declarations-assign': {
    kb: 70,
    why: "the contracts' termination rules (terminate-contract, the date arithmetic of §§ 187, 188 BGB, computed dates) beside the declaration store (measured 62.3 KB)",
  },
  'contacts-erasure': {
    kb: 90,
    why: "reads the person's contracts through their record mappings (the contract schemas and their texts, 11 KB) to tell running from ended and to date the restriction by the documents' retention, beside the contact's schema (measured 68.8 KB; the export, which only reads keys, fits the default); measured 85.7 KB with the local outbox's erasure by recipient (nodemailer's address parser) and the contract's pauses and amendments in force and its account summary: the schema's in-force fields and the dues engine with pauses, price steps and the Ruhezeitgebühr; measured 88.5 KB with the outbox's messages found by the recipient key in their names (the address parser kept, loaded only for an older outbox's messages)",
  },
  'contracts-create': {
    kb: 91,
    why: "the direct debit's IBAN check: ibantools and its IBAN registry (18 KB), which only this function and studio-put carry (measured 81.6 KB with it; 84.8 KB before the member's account, 85.2 KB with its summary on the contract); measured 88.5 KB with price steps checked on their periods' first days and the content versions' hashed fields",
  },
  'contracts-terminate': {
    kb: 64,
    why: "the termination rules and the contract's schemas, with the account's summary every contract answer carries (measured 59.9 KB before the member's account, 60.3 KB with it); measured 61.7 KB with the contract's pauses and amendments in force and its account summary: the schema's in-force fields and the dues engine with pauses, price steps and the Ruhezeitgebühr",
  },
  'collections-create': {
    kb: 66,
    why: "the candidates read the account's credit and the re-presentation rules of a returned due (measured 59.9 KB before the member's account, 61.1 KB with it); measured 63.6 KB with the contract's pauses and amendments in force and its account summary: the schema's in-force fields and the dues engine with pauses, price steps and the Ruhezeitgebühr",
  },
  'collections-return': {
    kb: 65,
    why: "books on the member's account beside the return: the ledger, its settling and booking texts (measured 45.1 KB before the account; 200.8 KB while it mailed the Vorabankündigung itself, which documents-render mails now; 62.6 KB without)",
  },
  'contacts-export': {
    kb: 80,
    why: "The export lists the planned dues as GET …/dues computes them, with the contract's pauses and amendments in force and its account summary: the schema's in-force fields and the dues engine with pauses, price steps and the Ruhezeitgebühr (measured 77.7 KB)",
  },
  'contracts-cancel': {
    kb: 63,
    why: "The contract's pauses and amendments in force and its account summary: the schema's in-force fields and the dues engine with pauses, price steps and the Ruhezeitgebühr (measured 60.4 KB)",
  },
  'contracts-dues': {
    kb: 65,
    why: "The contract's pauses and amendments in force and its account summary: the schema's in-force fields and the dues engine with pauses, price steps and the Ruhezeitgebühr (measured 62.2 KB)",
  },
  'contracts-record-withdrawal': {
    kb: 64,
    why: "The contract's pauses and amendments in force and its account summary: the schema's in-force fields and the dues engine with pauses, price steps and the Ruhezeitgebühr (measured 61.3 KB)",
  },
  'contracts-decline-amendment': {
    kb: 67,
    why: "The amendment's record with the contract's in-force fields it is checked against (measured 64.2 KB)",
  },
  'contracts-cancel-amendment': {
    kb: 67,
    why: "The amendment's record with the contract's in-force fields it is checked against (measured 64.2 KB)",
  },
  'contracts-end-pause-early': {
    kb: 68,
    why: "The amendment's record, the contract's in-force fields and the collected dues an early end may not reach (measured 65.3 KB)",
  },
  'signing-view': {
    kb: 69,
    why: "The contract's pauses and amendments in force and its account summary: the schema's in-force fields and the dues engine with pauses, price steps and the Ruhezeitgebühr (measured 60.7 KB); measured 66.6 KB with an amendment's session: the amendment's record and its summary in German (the term's end and the dues after it)",
  },
  'signing-agree-amendment': {
    kb: 93,
    why: "the same signature checks, seal and pause checks as contracts-sign-amendment (86.1 KB), and the signing token's session (measured 90.0 KB)",
  },
  'signing-decline-amendment': {
    kb: 71,
    why: "the amendment's record with the contract's in-force fields as contracts-decline-amendment (64.4 KB), and the signing token's session with the signing area's texts (measured 68.0 KB)",
  },
  'studio-put': {
    kb: 65,
    why: "The studio's reminderFee beside its IBAN check (measured 62.8 KB)",
  },
};

/** `bundled`: the SDK is inside the bundle; `runtime`: the bundle imports the copy the Lambda runtime ships. */
export type SdkSource = 'bundled' | 'runtime';
export const sdkSources: readonly SdkSource[] = ['bundled', 'runtime'];
/**
 * The functions started with the other SDK source as well, to show what bundling the SDK buys: a read, a write and a
 * read of the store. Every function is started with the shipped one, which the budgets hold; the other source for all
 * ~95 would double the cold starts' half of the run and decide nothing.
 */
export const sdkComparisonFunctions: readonly FunctionName[] = ['contacts-get', 'contracts-create', 'documents-get'];

/** What the CDK stack ships today, read from the shared options. */
export const shippedSdkSource: SdkSource = esbuildOptions.external.some((name) =>
  (awsSdkModules as readonly string[]).includes(name),
)
  ? 'runtime'
  : 'bundled';

const externalFor = (sdk: SdkSource): string[] => {
  const others = esbuildOptions.external.filter((name) => !(awsSdkModules as readonly string[]).includes(name));
  return sdk === 'runtime' ? [...others, ...awsSdkModules] : others;
};

/**
 * The stack's esbuild options (CDK's NodejsFunction always bundles and names
 * an ESM output `index.mjs`), with the SDK either bundled or left to the runtime.
 */
const buildOptions = (entry: string, sdk: SdkSource, constants: Record<string, string>) => ({
  ...esbuildOptions,
  define: constants,
  external: externalFor(sdk),
  entryPoints: [resolve(repositoryRoot, entry)],
  bundle: true,
  absWorkingDir: repositoryRoot,
  logLevel: 'silent' as const,
});

export interface BundleSize {
  minifiedBytes: number;
  gzipBytes: number;
  /** Minified bytes by package (`(repository)` for our own files), largest first. */
  byPackage: { name: string; bytes: number }[];
}

const packageOf = (input: string): string =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(input)?.[1] ?? '(repository)';

/** A function's bundle: its size, and what went into it (for the tests that check what a bundle may hold). */
export interface BuiltBundle {
  size: BundleSize;
  /** The files esbuild read into the bundle, relative to the repository (`functions/docs/openapi.ts`). */
  inputs: string[];
  /** The modules the bundle imports at run time instead of carrying them (the SDK, when left to the runtime). */
  externalImports: string[];
}

/** Builds a function in memory: its size and its inputs. */
export const buildBundle = async (
  entry: string,
  sdk: SdkSource,
  constants: Record<string, string> = {},
): Promise<BuiltBundle> => {
  const result = await build({
    ...buildOptions(entry, sdk, constants),
    write: false,
    outfile: 'index.mjs',
    metafile: true,
  });
  // With source maps on, the map is an output too: measure the bundle itself.
  const output = result.outputFiles.find((file) => file.path.endsWith('.mjs'));
  if (!output) throw new Error(`esbuild produced no output for ${entry}`);
  const byPackage = new Map<string, number>();
  const externalImports = new Set<string>();
  for (const meta of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) {
      byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput);
    }
    for (const imported of meta.imports) if (imported.external) externalImports.add(imported.path);
  }
  return {
    size: {
      minifiedBytes: output.contents.byteLength,
      gzipBytes: gzipSync(output.contents).byteLength,
      byPackage: [...byPackage].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
    },
    inputs: Object.keys(result.metafile.inputs),
    externalImports: [...externalImports],
  };
};

/** Builds a function in memory and measures it. */
export const measureBundle = async (
  entry: string,
  sdk: SdkSource,
  constants: Record<string, string> = {},
): Promise<BundleSize> => (await buildBundle(entry, sdk, constants)).size;

/** Builds a function to `<directory>/index.mjs`, as CDK would, and returns that file. */
export const writeBundle = async (
  entry: string,
  sdk: SdkSource,
  directory: string,
  constants: Record<string, string> = {},
): Promise<string> => {
  const outfile = resolve(directory, 'index.mjs');
  await build({ ...buildOptions(entry, sdk, constants), outfile });
  return outfile;
};
