import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repositoryRoot } from './handler-loader.ts';
import { sampleEventFile, sampleEvents } from './sample-events.ts';

/**
 * `npx tsx infra/local/write-sample-events.ts`: writes sample-events/<route>.json for
 * every route of the table (and removes the files of routes that are gone).
 */
const folder = join(repositoryRoot, 'sample-events');
const events = sampleEvents();
for (const [file, event] of events) await writeFile(join(folder, file), sampleEventFile(event));
for (const file of await readdir(folder)) {
  if (file.endsWith('.json') && !events.has(file)) await rm(join(folder, file));
}
console.error(`Wrote ${events.size} sample events to ${folder}`);
