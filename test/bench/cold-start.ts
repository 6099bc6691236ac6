import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { repositoryRoot } from '#infra/local/handler-loader.ts';
import { type FunctionName, type LambdaFunction, type SdkSource, writeBundle } from './bundles.ts';
import { floorModuleSource } from './floors.ts';
import type { Recording } from './replay.ts';
import { median, ratio, round } from './stats.ts';

const run = promisify(execFile);

interface RunnerOutput {
  imported: number;
  served: number;
  cpu: number;
  statusCode: number;
}

export interface ColdStartResult {
  name: FunctionName;
  sdk: SdkSource;
  /** Median ms from process start to the first response. */
  handlerMs: number;
  floorMs: number;
  ratio: number;
  /** Median ms spent importing the bundle (Lambda's init phase). */
  handlerImportMs: number;
  floorImportMs: number;
  /** Median CPU ms of the whole process up to the first response. */
  handlerCpuMs: number;
  floorCpuMs: number;
  cpuRatio: number;
}

export interface ColdStartOptions {
  functions: readonly LambdaFunction[];
  /** The ways of providing the SDK a function is started with: the shipped one, and for some the other too. */
  sdkSourcesOf(name: FunctionName): readonly SdkSource[];
  runs: number;
  /** What the function's floor replays: the handler's recorded calls. */
  recording(name: FunctionName): Recording;
  /**
   * The first request: the handler's event, or the floor's plan for it. Called
   * before every run, so each run can use up a fresh record.
   */
  request(name: FunctionName, kind: Kind): Promise<unknown>;
  /** Whether the function's floor reads a stored file after its calls (the request names it: `storeFile`). */
  readsStore?(name: FunctionName): boolean;
  /** The AWS SDK packages besides DynamoDB's the function's bundle carries: its floor makes those clients too. */
  otherClients?(name: FunctionName): readonly string[];
  /** The environment Lambda would give the function (table, endpoint, region, credentials). */
  environment: Record<string, string>;
  /** What one function's handler gets besides (a scheduled function's clock). */
  handlerEnvironment?(name: FunctionName): Record<string, string>;
}

/** Puts a function's files beside its bundle as the stack does: copied, or printed by their generator. */
export const placeFiles = async (files: LambdaFunction['files'], folder: string) => {
  mkdirSync(folder, { recursive: true });
  for (const file of files) {
    if (typeof file === 'string') {
      copyFileSync(resolve(repositoryRoot, file), join(folder, basename(file)));
    } else {
      const tsx = resolve(repositoryRoot, 'node_modules/.bin/tsx');
      const { stdout } = await run(tsx, [file.generator], { cwd: repositoryRoot, maxBuffer: 64 * 1024 * 1024 });
      writeFileSync(join(folder, basename(file.path)), stdout);
    }
  }
};

export type Kind = 'handler' | 'floor';

/** The floor's entry module, written where it finds the SDK through the folder's `node_modules`. */
const writeFloorEntry = (
  directory: string,
  name: FunctionName,
  recording: Recording,
  readsStore: boolean,
  otherClients: readonly string[],
): string => {
  const entry = join(directory, `${name}-floor.mjs`);
  const replayModule = resolve(repositoryRoot, 'test/bench/replay.ts');
  writeFileSync(entry, floorModuleSource(recording, replayModule, readsStore, otherClients));
  return entry;
};

/**
 * The bundles live in a temporary folder whose `node_modules` links to ours:
 * a bundle that leaves the SDK to the runtime finds it there, as it would find
 * the runtime's copy in Lambda.
 */
const prepareBundles = async (options: ColdStartOptions) => {
  const directory = mkdtempSync(join(tmpdir(), 'studio-bench-cold-'));
  symlinkSync(resolve(repositoryRoot, 'node_modules'), join(directory, 'node_modules'), 'dir');
  const runner = join(directory, 'runner.mjs');
  await build({
    entryPoints: [resolve(repositoryRoot, 'test/bench/cold-start-runner.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: runner,
    absWorkingDir: repositoryRoot,
    logLevel: 'silent',
  });
  const bundles = new Map<string, string>();
  for (const fn of options.functions) {
    for (const sdk of options.sdkSourcesOf(fn.name)) {
      for (const [kind, entry] of [
        ['handler', fn.entry],
        [
          'floor',
          writeFloorEntry(
            directory,
            fn.name,
            options.recording(fn.name),
            options.readsStore?.(fn.name) ?? false,
            options.otherClients?.(fn.name) ?? [],
          ),
        ],
      ] as const) {
        const folder = join(directory, sdk, fn.name, kind);
        if (kind === 'handler') await placeFiles(fn.files, join(folder, 'files'));
        else mkdirSync(folder, { recursive: true });
        const constants = kind === 'handler' ? fn.constants : {};
        bundles.set(`${sdk}/${fn.name}/${kind}`, pathToFileURL(await writeBundle(entry, sdk, folder, constants)).href);
      }
    }
  }
  return { directory, runner, bundles };
};

const startOnce = async (
  runner: string,
  bundle: string,
  request: unknown,
  env: Record<string, string>,
  requestFile: string,
) => {
  // In a file, not an argument: a floor's plan of a long history (an account's 80 entries) passes Linux's 128 KB
  // per argument (E2BIG).
  writeFileSync(requestFile, JSON.stringify(request));
  const { stdout } = await run(process.execPath, [runner, bundle, requestFile], { env, cwd: tmpdir() });
  // The function may log to stdout too; the runner's report is the last line.
  return JSON.parse(stdout.trimEnd().split('\n').at(-1) ?? '') as RunnerOutput;
};

/**
 * Starts a fresh Node process per sample for every function and its floor,
 * for each way of providing the SDK. One discarded round warms the disk
 * cache; then the order alternates run by run, so noise hits all alike.
 */
export const measureColdStarts = async (options: ColdStartOptions): Promise<ColdStartResult[]> => {
  const { directory, runner, bundles } = await prepareBundles(options);
  const env = { PATH: process.env.PATH ?? '', ...options.environment };
  const samples = new Map<string, RunnerOutput[]>();
  const requestFile = join(directory, 'request.json');
  try {
    for (let round = 0; round <= options.runs; round++) {
      for (const fn of options.functions) {
        for (const sdk of options.sdkSourcesOf(fn.name)) {
          const kinds: Kind[] = round % 2 === 0 ? ['handler', 'floor'] : ['floor', 'handler'];
          for (const kind of kinds) {
            const key = `${sdk}/${fn.name}/${kind}`;
            const own = kind === 'handler' ? options.handlerEnvironment?.(fn.name) : undefined;
            const request = await options.request(fn.name, kind);
            const output = await startOnce(runner, bundles.get(key) ?? '', request, { ...env, ...own }, requestFile);
            if (output.statusCode !== options.recording(fn.name).statusCode) {
              throw new Error(`Cold start of ${key} answered ${output.statusCode}`);
            }
            if (round > 0) samples.set(key, [...(samples.get(key) ?? []), output]);
          }
        }
      }
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return options.functions.flatMap((fn) =>
    options.sdkSourcesOf(fn.name).map((sdk) => {
      const of = (kind: 'handler' | 'floor', field: 'imported' | 'served' | 'cpu') =>
        round(median((samples.get(`${sdk}/${fn.name}/${kind}`) ?? []).map((output) => output[field])), 1);
      const handlerMs = of('handler', 'served');
      const floorMs = of('floor', 'served');
      const handlerCpuMs = of('handler', 'cpu');
      const floorCpuMs = of('floor', 'cpu');
      return {
        name: fn.name,
        sdk,
        handlerMs,
        floorMs,
        ratio: ratio(handlerMs, floorMs),
        handlerImportMs: of('handler', 'imported'),
        floorImportMs: of('floor', 'imported'),
        handlerCpuMs,
        floorCpuMs,
        cpuRatio: ratio(handlerCpuMs, floorCpuMs),
      };
    }),
  );
};
