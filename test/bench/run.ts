import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { localAwsEnvironment, startDynamoDbLocal } from '#infra/local/dynamodb-local.ts';
import { ensureTable } from '#infra/local/ensure-table.ts';
import { repositoryRoot } from '#infra/local/handler-loader.ts';
import { connectHandlers } from '#infra/local/local-database.ts';
import { contactKey } from '#shared/contacts/keys.ts';
import { routes } from '#shared/routes.ts';
import { contactBody } from './bodies.ts';
import { checkBudgets } from './budgets.ts';
import { lambdaFunctions, measureBundle, sdkSources, shippedSdkSource } from './bundles.ts';
import { measureColdStarts } from './cold-start.ts';
import { measureCosts, measureIdempotencyCosts } from './cost.ts';
import { recordCalls } from './dynamodb-calls.ts';
import { createFixtures, nextTag, withTable } from './fixtures.ts';
import { callRoute } from './handlers.ts';
import { measureHttp } from './http-phase.ts';
import { renderReport } from './report.ts';
import type { BenchResults } from './results.ts';
import { measureScaling, type SizedTable } from './scaling.ts';
import { scenarioFor, scenarioOf } from './scenarios.ts';
import { assertSeedMatchesStore, seedContacts } from './seed.ts';
import { redirectStdout } from './stdout-sink.ts';
import { measureWarmEndpoints } from './warm-endpoints.ts';

/**
 * `npm run bench`: measures every function against its floor (the same
 * DynamoDB calls made with nothing but the document client) on DynamoDB Local,
 * prints the tables and writes the figures to bench-results/latest.json.
 * `npm run bench -- --quick` runs a few samples of everything, to try changes.
 */
const quick = process.argv.includes('--quick');
const settings = {
  largeTableContacts: quick ? 2_000 : 20_000,
  smallTableContacts: 100,
  warmIterations: quick ? 200 : 2_000,
  warmWarmup: quick ? 20 : 100,
  warmBlock: 20,
  scalingIterations: quick ? 100 : 500,
  coldStartRuns: quick ? 3 : 15,
  httpConnections: 10,
  httpSeconds: quick ? 2 : 10,
};

const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

Object.assign(process.env, localAwsEnvironment);
const sealKeyDirectory = mkdtempSync(join(tmpdir(), 'studio-bench-seal-'));
process.env.SEAL_KEY_DIR = sealKeyDirectory;
const resultsFolder = resolve(repositoryRoot, 'bench-results');
mkdirSync(resultsFolder, { recursive: true });
const restoreStdout = redirectStdout(join(resultsFolder, 'handler-logs.ndjson'));
const large: SizedTable = { name: 'studio-api', contacts: settings.largeTableContacts };
const small: SizedTable = { name: 'studio-api-small', contacts: settings.smallTableContacts };

log('starting DynamoDB Local (in memory)');
const database = await startDynamoDbLocal();
try {
  // Handlers read the endpoint when they load, so connect before the first import.
  await connectHandlers(database.endpoint, large.name);
  const tableClient = new DynamoDBClient({ endpoint: database.endpoint });
  await ensureTable(tableClient, small.name);
  tableClient.destroy();
  const { documentClient } = await import('#shared/db/client.ts');
  const recorder = recordCalls(documentClient);

  log('bundle sizes');
  const bundles = [];
  const unmeasured: { name: string; reason: string }[] = [];
  for (const fn of lambdaFunctions) {
    try {
      const bytes = {
        bundled: await measureBundle(fn.entry, 'bundled'),
        runtime: await measureBundle(fn.entry, 'runtime'),
      };
      bundles.push({ name: fn.name, bytes });
      if (!scenarioFor(fn.name)) unmeasured.push({ name: fn.name, reason: 'no scenario in test/bench/scenarios.ts' });
    } catch (error) {
      unmeasured.push({ name: fn.name, reason: `does not build: ${(error as Error).message.split('\n')[1] ?? error}` });
    }
  }
  const measurable = lambdaFunctions.filter((fn) => !unmeasured.some(({ name }) => name === fn.name));
  for (const { name, reason } of unmeasured) log(`not measured beyond what is possible: ${name}, ${reason}`);

  log('checking that seeded contacts are the items the store writes');
  await withTable(small.name, async () => {
    const { id } = await callRoute('contacts-create', { body: contactBody(nextTag()) });
    const { Item } = await documentClient.send(new GetCommand({ TableName: small.name, Key: contactKey(id) }));
    assertSeedMatchesStore(Item ?? {});
    await callRoute('contacts-delete', { id }, 204);
  });
  log(`seeding ${small.contacts} and ${large.contacts} contacts`);
  await seedContacts(documentClient, small.name, small.contacts);
  await seedContacts(documentClient, large.name, large.contacts);

  const interleaving = { warmup: settings.warmWarmup, block: settings.warmBlock };
  log('scaling: list pages with the small and the large table');
  const scaling = await measureScaling(recorder, [small, large], {
    ...interleaving,
    iterations: settings.scalingIterations,
  });

  log('fixtures');
  const fixtures = { small: await createFixtures(small.name), large: await createFixtures(large.name) };

  log('cost per request');
  const cost = await measureCosts(
    recorder,
    measurable.map((fn) => scenarioOf(fn.name)),
    [
      { contacts: small.contacts, fixtures: fixtures.small },
      { contacts: large.contacts, fixtures: fixtures.large },
    ],
  );

  const idempotency = await measureIdempotencyCosts(
    recorder,
    routes.flatMap((route) => {
      const scenario = scenarioFor(route.name);
      return route.method === 'POST' && scenario ? [scenario] : [];
    }),
    fixtures.large,
  );

  log(`warm latency: ${settings.warmIterations} calls per endpoint and side`);
  const warm = await measureWarmEndpoints(fixtures.large, { ...interleaving, iterations: settings.warmIterations });

  log(`cold starts: ${settings.coldStartRuns} per function, floor and SDK source`);
  const coldStart = await measureColdStarts({
    functions: measurable,
    sdkSources,
    runs: settings.coldStartRuns,
    event: (name) => scenarioOf(name).event(fixtures.large),
    expectedStatus: (name) => scenarioOf(name).expectedStatus,
    environment: {
      ...localAwsEnvironment,
      DYNAMODB_ENDPOINT: database.endpoint,
      TABLE_NAME: large.name,
      SEAL_KEY_DIR: sealKeyDirectory,
    },
  });

  log(`HTTP: ${settings.httpConnections} connections, ${settings.httpSeconds} s per request`);
  const http = await measureHttp(fixtures.large.contactId, {
    connections: settings.httpConnections,
    seconds: settings.httpSeconds,
  });

  const cpu = cpus();
  const measured = {
    generatedAt: new Date().toISOString(),
    machine: { node: process.version, platform: process.platform, cpus: cpu.length, cpuModel: cpu[0]?.model ?? '' },
    settings: { ...settings, mode: quick ? 'quick' : 'full' },
    shippedSdk: shippedSdkSource,
    unmeasured,
    bundles,
    coldStart,
    warm,
    cost,
    idempotency,
    scaling,
    http,
  };
  const results: BenchResults = { ...measured, budgets: checkBudgets(measured) };
  writeFileSync(join(resultsFolder, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  restoreStdout();
  console.log(renderReport(results));
  log('figures written to bench-results/latest.json, handler logs to bench-results/handler-logs.ndjson');
} finally {
  restoreStdout();
  await database.stop();
  rmSync(sealKeyDirectory, { recursive: true, force: true });
}
// The document client's sockets and the SDK's timers must not keep the process alive.
process.exit(0);
