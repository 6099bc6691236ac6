import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { localAwsEnvironment, startDynamoDbLocal } from '#infra/local/dynamodb-local.ts';
import { ensureTable } from '#infra/local/ensure-table.ts';
import { repositoryRoot } from '#infra/local/handler-loader.ts';
import { connectHandlers } from '#infra/local/local-database.ts';
import { routes } from '#shared/routes.ts';
import {
  type BackgroundMeasurement,
  backgroundEnvironment,
  backgroundScenarios,
  eventOfCarrier,
  measureWarmBackground,
  recordBackground,
  startAcceptingReceiver,
  startQueueStandIn,
} from './background.ts';
import {
  checkBackgroundBudgets,
  checkBudgets,
  checkDeclarationBudgets,
  checkDocumentBudgets,
  checkDuesAccountBudgets,
  checkSepaBudgets,
} from './budgets.ts';
import {
  type FunctionName,
  lambdaFunctions,
  measureBundle,
  sdkComparisonFunctions,
  sdkSources,
  shippedSdkSource,
} from './bundles.ts';
import { measureColdStarts } from './cold-start.ts';
import { issueSealCertificates, measureContractDocuments } from './contract-document.ts';
import { measureCosts, measureIdempotencyCosts, writeCosts } from './cost.ts';
import { declarationFunctions, measureDeclarationPages } from './declaration-pages.ts';
import { duesAccountFunctions, measureDuesAndAccount } from './dues-account.ts';
import { recordCalls } from './dynamodb-calls.ts';
import { createFixtures, nextTag, readRecordId, withTable } from './fixtures.ts';
import { bareDocumentClient, type HandlerRecording, otherAwsClients, recordHandler, recordSentMail } from './floors.ts';
import { callRoute } from './handlers.ts';
import { measureHttp } from './http-phase.ts';
import { log } from './log.ts';
import { encodePlan, planReplay } from './replay.ts';
import { renderReport } from './report.ts';
import type { BenchResults, BundleResult } from './results.ts';
import { settleFixtures } from './route-preparations.ts';
import { sampleEvent } from './sample-events.ts';
import { measureScaling, type SizedTable } from './scaling.ts';
import { answersAsExpected, type Scenario, scenarioFor } from './scenarios.ts';
import { seedFromRecording } from './seed.ts';
import { measureCollection, ownScenarioFunctions, sepaFunctions } from './sepa.ts';
import { measureSigningPage } from './signing-page.ts';
import { redirectStdout } from './stdout-sink.ts';
import {
  assertOriginalsStored,
  documentFunctions,
  renderFunction,
  storedOriginalFunctions,
  storeReadContractOriginal,
  storeReadOf,
} from './stored-originals.ts';
import { measureWarmEndpoints } from './warm-endpoints.ts';
import { measureWebhooks } from './webhooks.ts';

/**
 * `npm run bench`: measures every function against its floor (the same
 * DynamoDB calls made with nothing but the document client) on DynamoDB Local,
 * prints the tables and writes the figures to bench-results/latest.json.
 * `npm run bench -- --quick` runs a few samples of everything, to try changes.
 * `npm run bench -- --only documents` runs the parts of the stored documents
 * alone (their functions' bundles, warm and cold ratios, the renders) and
 * writes bench-results/latest-documents.json; `--only sepa` the SEPA direct debit's (issue 22), `--only
 * declarations` the customer's buttons' (issue 23: the public routes and both pages on a phone), `--only
 * dues-account` an amended contract's dues against a plain one's and a long account's read (and the dunning routes);
 * `--only <function>,<function>` the named functions' ratios and bundles.
 */
const quick = process.argv.includes('--quick');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt < 0 ? undefined : process.argv[onlyAt + 1];
// The parts a `--only` run measures: its functions (bundles, warm and cold ratios) and its own figures.
const onlyParts: Readonly<Record<string, readonly FunctionName[]>> = {
  documents: documentFunctions,
  sepa: sepaFunctions,
  declarations: declarationFunctions,
  // Issue 31: the background functions, each from its declared trigger.
  background: backgroundScenarios.map((scenario) => scenario.name),
  'dues-account': duesAccountFunctions,
};
// `--only a,b`: the named functions alone (their bundles, warm and cold ratios), to try a change to them.
const namedFunctions = (list: string) => {
  const names = list.split(',');
  const known = names.every((name) => lambdaFunctions.some((fn) => fn.name === name));
  return known ? (names as FunctionName[]) : undefined;
};
const onlyFunctions = only === undefined ? undefined : (onlyParts[only] ?? namedFunctions(only));
if (only !== undefined && !onlyFunctions)
  throw new Error(`--only knows ${Object.keys(onlyParts).join(', ')} or function names, not "${only}"`);
// A part alone measures nothing of the whole table (seed, scaling, cost, HTTP), the webhooks or the signing page.
const partial = onlyFunctions !== undefined;
const measures = (part: string) => only === undefined || only === part;
const benchFunctions = onlyFunctions
  ? lambdaFunctions.filter((fn) => onlyFunctions.includes(fn.name))
  : lambdaFunctions;
const settings = {
  largeTableContacts: quick ? 2_000 : 20_000,
  smallTableContacts: 100,
  // Other people's public declarations: the export and erasure of one person must not read them.
  largeTableDeclarations: quick ? 1_000 : 10_000,
  warmIterations: quick ? 200 : 1_000,
  warmWarmup: quick ? 20 : 100,
  // Handler and floor call by call (in turn, the order swapped each pair): a pause of the machine or the database
  // lands on either side alike, not on a block of ten of one side.
  warmBlock: 1,
  // Per function: the bench's length must not grow with what a request uses up (warm.ts, `budgetMs`).
  warmBudgetMs: quick ? 600 : 6_000,
  warmMinimum: quick ? 5 : 100,
  // Each invocation of most background functions uses up a new record (a contract to render, a termination to
  // match), made through the handlers before the clock: fewer calls than a route's.
  backgroundWarmIterations: quick ? 60 : 300,
  scalingIterations: quick ? 100 : 500,
  coldStartRuns: quick ? 1 : 8,
  httpConnections: 10,
  httpSeconds: quick ? 2 : 10,
  documentTypicalRenders: quick ? 30 : 200,
  documentLargestRenders: quick ? 5 : 30,
  documentWarmup: 3,
  signingPageVisits: quick ? 5 : 20,
  declarationPageVisits: quick ? 5 : 20,
  webhookLatencyChanges: quick ? 20 : 100,
  // Issue 15's count in a full run: a check that nothing is lost, not a sample; a quick run checks it on fewer.
  webhookChanges: quick ? 300 : 1_000,
  webhookEndpoints: 3,
  collectionFileRuns: quick ? 5 : 20,
  collectionReturns: quick ? 10 : 50,
};

/**
 * DynamoDB Local's JVM with a young generation of 1 GB, collected by the parallel collector: the database's own
 * collections pause whichever call is in flight, and they are neither the handler's overhead nor the floor's. With
 * the JVM's defaults (G1 sizing a small young generation) a quick run paused the database 149 times (607 ms); with
 * these, 33 times (225 ms), and the floors' p50, averaged over the functions, fell from 24.9 to 18.6 ms (docs/performance.md). The data
 * of an in-memory database lives in SQLite's native memory, not in this heap.
 */
const benchJavaOptions = ['-XX:+UseParallelGC', '-Xms2g', '-Xmx4g', '-Xmn1g'];

Object.assign(process.env, localAwsEnvironment);
const sealKeyDirectory = mkdtempSync(join(tmpdir(), 'studio-bench-seal-'));
process.env.SEAL_KEY_DIR = sealKeyDirectory;
// The webhook functions' sample receiver is on loopback, as on a developer's machine (no DNS lookup is measured).
const webhookDestinations = { WEBHOOK_DESTINATIONS: 'local' };
Object.assign(process.env, webhookDestinations);
// The copies contracts-send-copy mails go to <DATA_DIR>/outbox: not into a developer's .data.
const dataDirectory = mkdtempSync(join(tmpdir(), 'studio-bench-data-'));
process.env.DATA_DIR = dataDirectory;
const resultsFolder = resolve(repositoryRoot, 'bench-results');
mkdirSync(resultsFolder, { recursive: true });
const restoreStdout = redirectStdout(join(resultsFolder, 'handler-logs.ndjson'));
const large: SizedTable = {
  name: 'studio-api',
  contacts: settings.largeTableContacts,
  declarations: settings.largeTableDeclarations,
};
const small: SizedTable = { name: 'studio-api-small', contacts: settings.smallTableContacts, declarations: 0 };

log('starting DynamoDB Local (in memory)');
const database = await startDynamoDbLocal({ javaOptions: benchJavaOptions });
let databaseOutput = '';
for (const stream of [database.process.stdout, database.process.stderr]) {
  stream?.on('data', (chunk) => {
    databaseOutput = `${databaseOutput}${chunk}`.slice(-4_000);
  });
}
let finished = false;
// A function without a measurement fails the run (issue 31), not only its report.
let exitCode = 0;
// A bench that dies of a vanished database says why.
database.process.once('exit', (code, signal) => {
  if (!finished) log(`DynamoDB Local exited (${signal ?? code}) before the bench ended:\n${databaseOutput}`);
});
try {
  // Handlers read the endpoint when they load, so connect before the first import.
  await connectHandlers(database.endpoint, large.name);
  const tableClient = new DynamoDBClient({ endpoint: database.endpoint });
  await ensureTable(tableClient, small.name);
  tableClient.destroy();
  // First, while DynamoDB Local holds nothing else. Run after the other parts (one database for every
  // table and its stream), deliveries took four times as long and DynamoDB Local stopped answering.
  if (!partial)
    log(
      `webhooks: ${settings.webhookLatencyChanges} changes one by one, then ${settings.webhookChanges} at once, to ${settings.webhookEndpoints} endpoints`,
    );
  const webhooks = partial
    ? undefined
    : await measureWebhooks({
        latencyChanges: settings.webhookLatencyChanges,
        changes: settings.webhookChanges,
        endpoints: settings.webhookEndpoints,
        endpoint: database.endpoint,
      });

  const { documentClient } = await import('#shared/db/client.ts');
  const floorClient = bareDocumentClient(database.endpoint);
  // The dispatcher's sends (to the stand-in of SQS below) are recorded as its DynamoDB calls are: its floor sends them.
  const { boundedQueueClient, sqsQueue, useDeliveryQueue } = await import('#shared/webhooks/sqs-queue.ts');
  const queueClient = boundedQueueClient();
  const recorder = recordCalls([documentClient, floorClient, queueClient]);
  recordSentMail(recorder);

  // Before the fixtures and the large table: DynamoDB Local's transactions slow down as it holds more.
  if (measures('sepa'))
    log(
      `SEPA: a collection of 2,000 dues, its file ${settings.collectionFileRuns} times, ${settings.collectionReturns} returns`,
    );
  const sepaClient = new DynamoDBClient({ endpoint: database.endpoint });
  const sepa = measures('sepa')
    ? await measureCollection(sepaClient, recorder, {
        table: 'studio-api-sepa',
        fileRuns: settings.collectionFileRuns,
        returns: settings.collectionReturns,
      })
    : undefined;
  sepaClient.destroy();

  if (measures('dues-account'))
    log('dues of an amended contract against a plain one, and the account of 5 years with 10 returns and 10 payments');
  const duesAccountClient = new DynamoDBClient({ endpoint: database.endpoint });
  const duesAccount = measures('dues-account')
    ? await measureDuesAndAccount(duesAccountClient, recorder, {
        table: 'studio-api-dues-account',
        iterations: settings.warmIterations,
        warmup: settings.warmWarmup,
        block: settings.warmBlock,
      })
    : undefined;
  duesAccountClient.destroy();

  log('bundle sizes');
  const bundles: BundleResult[] = [];
  const unmeasured: { name: string; reason: string }[] = [];
  for (const fn of benchFunctions) {
    try {
      const bytes = {
        bundled: await measureBundle(fn.entry, 'bundled', fn.constants),
        runtime: await measureBundle(fn.entry, 'runtime', fn.constants),
      };
      bundles.push({ name: fn.name, bytes });
    } catch (error) {
      unmeasured.push({ name: fn.name, reason: `does not build: ${(error as Error).message.split('\n')[1] ?? error}` });
    }
  }

  log('fixtures from the sample events');
  const created = { small: await createFixtures(small.name), large: await createFixtures(large.name) };
  await issueSealCertificates([small.name, large.name]);
  const fixtures = {
    small: await storeReadContractOriginal(created.small),
    large: await storeReadContractOriginal(created.large),
  };
  const isMeasured = (name: FunctionName) => benchFunctions.some((fn) => fn.name === name);
  for (const table of [fixtures.small, fixtures.large]) await settleFixtures(table, isMeasured);

  // One request of each function, recorded: its status, and the calls its floor replays.
  log('recording one request of every function');
  const recorded: { scenario: Scenario; recording: HandlerRecording }[] = [];
  const isBackground = (name: FunctionName) => backgroundScenarios.some((scenario) => scenario.name === name);
  for (const fn of benchFunctions) {
    // A background function's event is its trigger's, not a request: recorded below.
    if (isBackground(fn.name) || unmeasured.some(({ name }) => name === fn.name)) continue;
    // A create that gathers every due and a return that uses its due up: the SEPA scenario measures them.
    if (ownScenarioFunctions.includes(fn.name)) continue;
    const scenario = scenarioFor(fn.name);
    const missing = scenario?.collection && fixtures.large.unavailable.get(scenario.collection);
    if (!scenario || missing) {
      unmeasured.push({
        name: fn.name,
        reason: missing ? `no record: ${missing}` : `no sample event sample-events/${fn.name}.json`,
      });
      continue;
    }
    try {
      const recording = await recordHandler(recorder, fn.name, await scenario.event(fixtures.large));
      const failed = recording.calls.filter((call) => call.failed).map((call) => call.operation);
      if (!answersAsExpected(fn.name, recording.statusCode) || failed.length) {
        const reason = failed.length ? `a call failed: ${failed.join(', ')}` : `answered ${recording.statusCode}`;
        unmeasured.push({ name: fn.name, reason: `its sample request ${reason}` });
      } else recorded.push({ scenario, recording });
    } catch (error) {
      unmeasured.push({ name: fn.name, reason: (error as Error).message });
    }
  }
  // Background functions, by their declared trigger (background.ts): the dispatcher's sends go to a stand-in of
  // SQS on loopback, deliveries to a receiver that accepts them, through a webhook of its own.
  const queueStandIn = await startQueueStandIn();
  process.env.DELIVERY_QUEUE_URL = queueStandIn.queueUrl;
  // The webhooks' part installed its local queue (removed since) in this process: the stand-in takes its place.
  useDeliveryQueue(sqsQueue(queueStandIn.queueUrl, queueClient));
  const receiver = await startAcceptingReceiver(recorder);
  const createWebhook = sampleEvent('webhooks-create', { ids: fixtures.large.ids });
  createWebhook.body = JSON.stringify({ url: receiver.url, types: ['*'] });
  delete createWebhook.headers['content-length'];
  const receiverWebhook = await withTable(large.name, () =>
    callRoute<{ id: string }>('webhooks-create', createWebhook),
  );
  const background = new Map<FunctionName, BackgroundMeasurement>();
  for (const fn of benchFunctions.filter((candidate) => isBackground(candidate.name))) {
    if (unmeasured.some(({ name }) => name === fn.name)) continue;
    try {
      background.set(
        fn.name,
        await withTable(large.name, () =>
          recordBackground(recorder, fn.name, { fixtures: fixtures.large, webhookId: receiverWebhook.id }),
        ),
      );
    } catch (error) {
      unmeasured.push({ name: fn.name, reason: (error as Error).message });
    }
  }
  const backgroundOf = (name: FunctionName) => background.get(name);
  for (const { name, reason } of unmeasured) log(`not measured: ${name}, ${reason}`);
  const recordingOf = (name: FunctionName) => {
    const found = recorded.find(({ scenario }) => scenario.name === name);
    if (!found) throw new Error(`No recording of ${name}`);
    return found;
  };

  const interleaving = { warmup: settings.warmWarmup, block: settings.warmBlock };
  const warmBudget = { budgetMs: settings.warmBudgetMs, minimumIterations: settings.warmMinimum };
  // What needs the whole table (seed, scaling, cost per request): not the documents' part.
  const measureTableParts = async () => {
    log(`seeding ${small.contacts} and ${large.contacts} contacts: the recorded create's items under fresh ids`);
    const createContact = recordingOf('contacts-create').recording;
    const seedEvent = () => sampleEvent('contacts-create', { tag: nextTag() });
    await seedFromRecording(documentClient, small.name, createContact, seedEvent, small.contacts);
    await seedFromRecording(documentClient, large.name, createContact, seedEvent, large.contacts);
    log(`seeding ${large.declarations} declarations of other people into the large table, none into the small`);
    const fileDeclaration = 'declarations-file-termination';
    await seedFromRecording(
      documentClient,
      large.name,
      recordingOf(fileDeclaration).recording,
      () => sampleEvent(fileDeclaration, { tag: nextTag() }),
      large.declarations,
    );

    log("scaling: list pages and the studio person's export with the small and the large table");
    const personIds = (table: SizedTable) => (table === small ? fixtures.small : fixtures.large).personIds;
    const scaling = await measureScaling(recorder, floorClient, [small, large], personIds, {
      ...interleaving,
      ...warmBudget,
      iterations: settings.scalingIterations,
    });

    log('cost per request');
    const cost = await measureCosts(
      recorder,
      floorClient,
      bareDocumentClient(database.endpoint),
      recorded.map(({ scenario }) => scenario),
      [
        { contacts: small.contacts, fixtures: fixtures.small },
        { contacts: large.contacts, fixtures: fixtures.large },
      ],
    );

    const idempotency = await measureIdempotencyCosts(
      recorder,
      routes.flatMap((route) => {
        const found = recorded.find(({ scenario }) => scenario.name === route.name);
        // A route whose answer carries a secret never replays it (`idempotentReplays: false`): nothing to measure.
        const replays = !('idempotentReplays' in route) || route.idempotentReplays !== false;
        return route.method === 'POST' && replays && found ? [found.scenario] : [];
      }),
      fixtures.large,
    );
    return { scaling, cost, idempotency };
  };
  const tableParts = partial ? undefined : await measureTableParts();

  log(
    `warm latency: ${settings.warmIterations} calls per function and side, or ${settings.warmMinimum} and more within ${settings.warmBudgetMs / 1_000} s`,
  );
  // Each function is recorded again before it is measured, and its cold starts replay that newer recording. One
  // that does not answer as it did the first time (routes and background alike) keeps its first, and the log says so.
  const keptFirst = (name: FunctionName, reason: string) =>
    log(`  ${name}: recorded again, ${reason}; its first recording is replayed`);
  const recordRouteAgain = async (scenario: Scenario) => {
    const entry = recordingOf(scenario.name);
    const again = await recordHandler(recorder, scenario.name, await scenario.event(fixtures.large));
    const failed = again.calls.filter((call) => call.failed).map((call) => call.operation);
    if (again.statusCode !== entry.recording.statusCode || failed.length > 0) {
      keptFirst(scenario.name, `it answered ${again.statusCode} with failed calls [${failed.join(', ')}]`);
      return entry.recording;
    }
    entry.recording = again;
    return again;
  };
  const recordBackgroundAgain = async (name: FunctionName) => {
    const first = background.get(name) as BackgroundMeasurement;
    try {
      const again = await recordBackground(recorder, name, { fixtures: fixtures.large, webhookId: receiverWebhook.id });
      background.set(name, again);
      return again;
    } catch (error) {
      keptFirst(name, (error as Error).message);
      return first;
    }
  };
  const warm = [
    ...(await measureWarmEndpoints(
      recorded,
      floorClient,
      fixtures.large,
      { ...interleaving, ...warmBudget, iterations: settings.warmIterations },
      (name) => storeReadOf(name, dataDirectory),
      recordRouteAgain,
    )),
    ...(await withTable(large.name, () =>
      measureWarmBackground(
        [...background.keys()],
        floorClient,
        large.name,
        { ...interleaving, ...warmBudget, iterations: settings.backgroundWarmIterations },
        recordBackgroundAgain,
      ),
    )),
  ];

  log(`cold starts: ${settings.coldStartRuns} per function, floor and SDK source`);
  const renderedContracts: string[] = [];
  const coldStart = await measureColdStarts({
    functions: benchFunctions.filter(
      (fn) => backgroundOf(fn.name) || recorded.some(({ scenario }) => scenario.name === fn.name),
    ),
    sdkSourcesOf: (name) => (sdkComparisonFunctions.includes(name) ? sdkSources : [shippedSdkSource]),
    runs: settings.coldStartRuns,
    recording: (name) => backgroundOf(name)?.recording ?? recordingOf(name).recording,
    readsStore: (name) => storedOriginalFunctions.includes(name),
    otherClients: (name) =>
      otherAwsClients(
        bundles.find((bundle) => bundle.name === name)?.bytes.bundled.byPackage.map((entry) => entry.name) ?? [],
      ),
    request: async (name, kind) => {
      const measurement = backgroundOf(name);
      if (measurement) {
        const carrier = await withTable(large.name, () => measurement.next());
        if (name === renderFunction) renderedContracts.push(JSON.parse(carrier.body ?? '{}').contractId);
        if (kind === 'handler') return eventOfCarrier(carrier);
        return JSON.parse(encodePlan(planReplay(measurement.recording, carrier, large.name)));
      }
      const { scenario, recording } = recordingOf(name);
      const event = await scenario.event(fixtures.large);
      if (kind === 'handler') return event;
      const storeFile = storeReadOf(name, dataDirectory)(event);
      return { ...JSON.parse(encodePlan(planReplay(recording, event, large.name))), storeFile };
    },
    environment: {
      ...localAwsEnvironment,
      DYNAMODB_ENDPOINT: database.endpoint,
      TABLE_NAME: large.name,
      SEAL_KEY_DIR: sealKeyDirectory,
      DATA_DIR: dataDirectory,
      ...webhookDestinations,
      DELIVERY_QUEUE_URL: queueStandIn.queueUrl,
    },
    handlerEnvironment: backgroundEnvironment,
  });
  receiver.server.close();
  queueStandIn.server.close();
  await assertOriginalsStored(large.name, renderedContracts);

  if (!partial) log(`HTTP: ${settings.httpConnections} connections, ${settings.httpSeconds} s per request`);
  const http = partial
    ? []
    : await measureHttp(readRecordId(fixtures.large, '/api/contacts'), {
        connections: settings.httpConnections,
        seconds: settings.httpSeconds,
      });

  if (measures('documents'))
    log(
      `customer's copy: ${settings.documentTypicalRenders} typical and ${settings.documentLargestRenders} largest renders`,
    );
  const documents = measures('documents')
    ? await measureContractDocuments({
        typicalIterations: settings.documentTypicalRenders,
        largestIterations: settings.documentLargestRenders,
        warmup: settings.documentWarmup,
      })
    : [];

  if (!partial) log(`signing page: ${settings.signingPageVisits} visits in Chromium`);
  const signingPage = partial
    ? undefined
    : await measureSigningPage({
        runs: settings.signingPageVisits,
        contractId: (await fixtures.large.fresh('/api/contracts', 'signing-page')).id,
      });

  if (measures('declarations')) log(`declaration pages: ${settings.declarationPageVisits} visits each in Chromium`);
  const declarationPages = measures('declarations')
    ? await measureDeclarationPages({ runs: settings.declarationPageVisits })
    : undefined;

  // Every function of the run (the route table's, the `$default` route's, every declared background function) has
  // at least a cold start against its floor, or it is not measured: and the bench fails below.
  for (const fn of benchFunctions) {
    // A collection's create and return use up what they act on: the SEPA scenario's figures are theirs (sepa.ts).
    const hasMeasurement =
      coldStart.some((row) => row.name === fn.name) || (sepa !== undefined && ownScenarioFunctions.includes(fn.name));
    if (!hasMeasurement && !unmeasured.some(({ name }) => name === fn.name))
      unmeasured.push({ name: fn.name, reason: 'no measurement' });
  }
  const cpu = cpus();
  const measured = {
    generatedAt: new Date().toISOString(),
    machine: { node: process.version, platform: process.platform, cpus: cpu.length, cpuModel: cpu[0]?.model ?? '' },
    settings: { ...settings, mode: quick ? 'quick' : 'full', only: only ?? 'all' },
    shippedSdk: shippedSdkSource,
    unmeasured,
    bundles,
    coldStart,
    warm,
    cost: tableParts?.cost ?? [],
    writes: writeCosts(tableParts?.cost ?? []),
    idempotency: tableParts?.idempotency ?? [],
    scaling: tableParts?.scaling ?? [],
    http,
    documents,
    signingPage,
    webhooks,
    sepa,
    declarationPages,
    duesAccount,
  };
  // A part checks its own demands; named functions (or the background part) their ratios and bundles.
  const partBudgets: Readonly<Record<string, typeof checkBudgets>> = {
    documents: checkDocumentBudgets,
    sepa: checkSepaBudgets,
    declarations: checkDeclarationBudgets,
    'dues-account': checkDuesAccountBudgets,
  };
  const budgets = only === undefined ? checkBudgets(measured) : (partBudgets[only] ?? checkBackgroundBudgets)(measured);
  const results: BenchResults = { ...measured, budgets };
  const resultsFile = only ? `latest-${onlyParts[only] ? only : 'functions'}.json` : 'latest.json';
  writeFileSync(join(resultsFolder, resultsFile), `${JSON.stringify(results, null, 2)}\n`);
  restoreStdout();
  console.log(renderReport(results));
  log(`figures written to bench-results/${resultsFile}, handler logs to bench-results/handler-logs.ndjson`);
  if (unmeasured.length) {
    log(`FAILED: not measured: ${unmeasured.map(({ name }) => name).join(', ')}`);
    exitCode = 1;
  }
  // A budget not met fails the run, not only its report.
  const unmet = budgets.filter((budget) => !budget.met);
  if (unmet.length) {
    log(`FAILED: ${unmet.map(({ budget }) => budget).join('; ')}`);
    exitCode = 1;
  }
} finally {
  restoreStdout();
  finished = true;
  await database.stop();
  rmSync(sealKeyDirectory, { recursive: true, force: true });
  rmSync(dataDirectory, { recursive: true, force: true });
}
// The document client's sockets and the SDK's timers must not keep the process alive.
process.exit(exitCode);
