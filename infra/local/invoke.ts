import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { fallbackRoute, routeKey, routes } from '#shared/routes.ts';
import type { RunningDynamoDb } from './dynamodb-local.ts';
import { lambdaContext, loadHandler, repositoryRoot } from './handler-loader.ts';
import { connectHandlers, startLocalDatabase } from './local-database.ts';

/**
 * `npm run invoke -- <route> [event.json]`: runs one handler in-process with
 * one event, like `sam local invoke`. The result goes to stdout as JSON, logs
 * go to stderr, so the output can be piped into jq.
 */

const targets = [
  ...routes.map((route) => ({ name: route.name, key: routeKey(route), entry: route.entry })),
  { name: fallbackRoute.name, key: '$default', entry: fallbackRoute.entry },
];

const usage = `Usage: npm run invoke -- <route> [event.json]

<route> is a route name or a route key ("GET /api/contacts/{id}").
The event defaults to sample-events/<route name>.json.

Routes:
${targets.map((target) => `  ${target.name.padEnd(18)} ${target.key}`).join('\n')}

With DYNAMODB_ENDPOINT set, the handler uses that DynamoDB (e.g. the one of a
running \`npm start\`). Otherwise invoke starts DynamoDB Local on the data of
\`npm start\` (DATA_DIR, default .data); DynamoDB Local cannot open that folder
while \`npm start\` is running, so stop it or set DYNAMODB_ENDPOINT.`;

// Write and wait: process.exit() may otherwise cut off output to a pipe.
const write = (stream: NodeJS.WriteStream, text: string) =>
  new Promise<void>((done) => stream.write(`${text}\n`, () => done()));

const [requested, eventArgument] = process.argv.slice(2);
const target = targets.find((candidate) => candidate.name === requested || candidate.key === requested);
if (!target) {
  await write(process.stderr, `${requested ? `Unknown route: ${requested}\n\n` : ''}${usage}`);
  process.exit(2);
}

// npm runs scripts in the package root; INIT_CWD is where the user typed the path.
const eventFile = eventArgument
  ? resolve(process.env.INIT_CWD ?? process.cwd(), eventArgument)
  : join(repositoryRoot, 'sample-events', `${target.name}.json`);
const event = JSON.parse(await readFile(eventFile, 'utf8')) as APIGatewayProxyEventV2;

// Handlers read the endpoint and table name when they load, so connect first.
let database: RunningDynamoDb | undefined;
const endpoint = process.env.DYNAMODB_ENDPOINT;
if (endpoint) await connectHandlers(endpoint);
else database = await startLocalDatabase(join(process.env.DATA_DIR ?? '.data', 'dynamodb'));

let exitCode = 0;
try {
  const handler = await loadHandler(target.entry);
  const result = await handler(event, lambdaContext(target.name, event.requestContext.requestId));
  await write(process.stdout, JSON.stringify(result, null, 2));
} catch (error) {
  // What Lambda reports when the function itself fails.
  console.error(`${target.name} failed:`, error);
  exitCode = 1;
} finally {
  await database?.stop();
}
// A handler's open SDK sockets or timers must not keep a finished invocation alive.
process.exit(exitCode);
