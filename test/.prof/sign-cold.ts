import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions } from '#infra/bundling.ts';
import { localAwsEnvironment, startDynamoDbLocal } from '#infra/local/dynamodb-local.ts';
import { repositoryRoot } from '#infra/local/handler-loader.ts';
import { connectHandlers } from '#infra/local/local-database.ts';
import { lambdaFunctions } from '../bench/bundles.ts';
import { issueSealCertificates } from '../bench/contract-document.ts';
import { createFixtures } from '../bench/fixtures.ts';
import { scenarioFor } from '../bench/scenarios.ts';

const name = process.argv[2] ?? 'contracts-sign';
Object.assign(process.env, localAwsEnvironment);
const keys = mkdtempSync(join(tmpdir(), 'prof-seal-'));
process.env.SEAL_KEY_DIR = keys;
process.env.WEBHOOK_DESTINATIONS = 'local';
const database = await startDynamoDbLocal();
try {
  await connectHandlers(database.endpoint, 'studio-api');
  const fixtures = await createFixtures('studio-api', 3);
  await issueSealCertificates(['studio-api']);
  const fn = lambdaFunctions.find((f) => f.name === name)!;
  const dir = mkdtempSync(join(tmpdir(), 'prof-cold-'));
  symlinkSync(resolve(repositoryRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const bundle = join(dir, 'fn', 'index.mjs');
  await build({
    ...esbuildOptions,
    minify: false,
    keepNames: true,
    define: fn.constants,
    entryPoints: [resolve(repositoryRoot, fn.entry)],
    bundle: true,
    outfile: bundle,
    absWorkingDir: repositoryRoot,
    logLevel: 'silent',
  });
  const runner = join(dir, 'runner.mjs');
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
  const env = {
    PATH: process.env.PATH ?? '',
    ...localAwsEnvironment,
    DYNAMODB_ENDPOINT: database.endpoint,
    TABLE_NAME: 'studio-api',
    SEAL_KEY_DIR: keys,
    WEBHOOK_DESTINATIONS: 'local',
  };
  for (let i = 0; i < 6; i++) {
    const event = await scenarioFor(name)!.event(fixtures);
    const flags = i === 5 ? ['--cpu-prof', '--cpu-prof-interval', '100', '--cpu-prof-dir', '/tmp/prof/sign'] : [];
    const out = execFileSync(process.execPath, [...flags, runner, `file://${bundle}`, JSON.stringify(event)], {
      env,
      cwd: tmpdir(),
    }).toString();
    console.log(out.trim().split('\n').at(-1));
  }
} finally {
  database.process.kill();
}
