import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAsReader } from '../support/markdown-reader.ts';
import { useNpmStart } from '../support/npm-start.ts';

// The README's journeys with curl, run as a reader pastes them: each section's blocks in one bash session against
// npm start, restarted with the clocks it names, so that what it tells a new user cannot drift from what happens.
useNpmStart();

const readme = readFileSync(join(resolve(import.meta.dirname, '../..'), 'README.md'), 'utf8');

/** The README's section under `heading`, to the next heading of its level. */
const section = (heading: string): string => {
  const start = readme.indexOf(`\n## ${heading}\n`);
  expect(start, `README.md has a section "${heading}"`).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
};

/** The clock and data folder of the section's first start line ("DATA_DIR=… STUDIO_CLOCK=… npm start"). */
const firstStart = (text: string) => {
  const [, dataDir = '', clock = ''] = /^DATA_DIR=(\S+) STUDIO_CLOCK=(\S+) npm start$/m.exec(text) ?? [];
  expect(clock, 'the section starts the server with a clock').not.toBe('');
  return { dataDir, clock };
};

describe("the README's journeys", () => {
  it('changes to a running contract: a price step, a pause signed on the tablet and ended early, a declined price', async () => {
    const text = section('Changes to a running contract');

    const { output } = await runAsReader('README.md', text, firstStart(text));

    const lines = output.split('\n');
    const answers = ['2027-12-31', '2027-000001-A1', 'agreed', '2028-01-21', '1290', 'declined', '4000'];
    expect(lines.filter((line) => answers.includes(line))).toEqual(answers);
    expect(lines.filter((line) => ['2027-03-21', '2028-01-14', '2194'].includes(line))).toEqual([
      '2027-03-21',
      '2028-01-14',
      '2194',
    ]);
    const downloads = lines.filter((line) => /^[0-9a-f]{64} {2}-$/.test(line));
    expect(downloads).toHaveLength(2);
    expect(new Set(downloads).size).toBe(1);
  }, 600_000);

  it("the member's account: a return with its fee, collected again after the notice, paid; reminders, handover, paid", async () => {
    const text = section("The member's account");

    const { output } = await runAsReader('README.md', text, firstStart(text));

    expect(output).toContain('"bankFee":{"amount":350,"currency":"EUR"}');
    expect(output).toContain('"balance":{"amount":4350');
    expect(output).toContain('"preNotifiedOn":"2027-01-22"');
    expect(output).toContain('"dues":["2027-000001-20270201","2027-000002-20270201"]');
    expect(output).toContain('"dues":["2027-000001-20270101"]');
    expect(output).toContain('"reasonCode":"MD06"');
    expect(output).toContain('"balance":{"amount":0');
    expect(output).toContain('"fee":{"amount":250');
    expect(output).toContain('"handedOverOn":"2027-03-09"');
    expect(output).toMatch(/"2027-000002","2027-03-09","Früh","Ede",.*"45\.50"/);
    expect(output).toContain('"outcome":"paid"');
    expect(output).toContain('{"items":[],"nextCursor":null}');
  }, 600_000);
});
