import { readFileSync } from 'node:fs';
import { lambdaContext } from '#infra/local/handler-loader.ts';

/**
 * Runs in a fresh Node process: imports one bundle, serves one request and
 * reports the times since the process started (`performance.now()` counts
 * from there), as a Lambda init plus its first invocation would, and the CPU
 * time the process used meanwhile (which other processes on a busy machine
 * do not inflate).
 */
const [bundleUrl = '', requestFile = ''] = process.argv.slice(2);
const event = JSON.parse(readFileSync(requestFile, 'utf8'));
// What Lambda's runtime has set up before a function's init: its HTTP client
// for the Runtime API and stdout, where the function's logs go.
await import('node:http');
process.stdout.write('');
const { handler } = await import(bundleUrl);
const imported = performance.now();
const result = await handler(event, lambdaContext('cold-start', event.requestContext?.requestId ?? 'cold-start'));
const served = performance.now();
// A stream or queue function answers the records that failed (ReportBatchItemFailures), a scheduled one its
// failures: none is its success.
const failed = result.batchItemFailures ?? result.failures;
const statusCode = result.statusCode ?? (failed?.length === 0 ? 200 : 500);
const { user, system } = process.cpuUsage();
const cpu = (user + system) / 1000;
process.stdout.write(`\n${JSON.stringify({ imported, served, cpu, statusCode })}\n`, () => process.exit(0));
