import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../infra/local/handler-loader.ts';

/*
 * A clone explains itself: the published interface is the OpenAPI document and docs/*.md. Nothing in the
 * repository may point at the design notes kept beside it, which a clone does not have.
 */
const outsidePointers = [/\bAPI\.md\b/, /\bSTYLE\.md\b/, /\.\.\/shared\/reference\b/];

const trackedTextFiles = (): string[] =>
  execFileSync('git', ['ls-files', '-z'], { cwd: repositoryRoot, encoding: 'utf8' })
    .split('\0')
    .filter((file) => /\.(ts|js|mjs|md|json|sh|css|html|yml|yaml)$/.test(file) && file !== 'package-lock.json');

describe('the repository', () => {
  it('points nowhere outside itself', () => {
    const pointers = trackedTextFiles().flatMap((file) => {
      const text = readFileSync(join(repositoryRoot, file), 'utf8');
      return outsidePointers.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern}`);
    });
    expect(pointers).toEqual([]);
  });
});
