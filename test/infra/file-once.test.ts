import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readOrCreateFile, writeFileOnce } from '#shared/file-once.ts';
import { repositoryRoot } from '../../infra/local/handler-loader.ts';

const run = promisify(execFile);

// What the local sealer, the webhook secrets' box and the local identity provider do on their first start.
const firstStart = (file: string, index: number) =>
  run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { readOrCreateFile } from '#shared/file-once.ts';
       const content = 'key ${index} ' + 'x'.repeat(200_000);
       process.stdout.write(readOrCreateFile(${JSON.stringify(file)}, () => content).toString());`,
    ],
    { cwd: repositoryRoot },
  );

describe('a key file made on first use', () => {
  it('is the same complete file for processes that start together on an empty folder', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'studio-api-file-once-')), 'keys', 'key.pem');
    // Large enough that a reader of a half-written file would see it short.
    const contents = Array.from({ length: 6 }, (_, index) => `key ${index} ${'x'.repeat(200_000)}`);

    const read = (await Promise.all(contents.map((_, index) => firstStart(file, index)))).map(({ stdout }) => stdout);

    expect(contents).toContain(read[0]);
    expect(new Set(read).size).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(read[0]);
    expect(readdirSync(join(file, '..'))).toEqual(['key.pem']);
  });

  it('is never replaced once written', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'studio-api-file-once-')), 'certificate.cer');
    writeFileOnce(file, 'first');
    writeFileOnce(file, 'second');
    expect(readOrCreateFile(file, () => 'third').toString()).toBe('first');
  });
});
