import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAsReader } from '../support/markdown-reader.ts';
import { useNpmStart } from '../support/npm-start.ts';

useNpmStart();

/** The clock the walkthrough's dates are written for (its intro says so). */
const walkthroughClock = '2026-11-26T09:00:00+01:00';

const document = readFileSync(join(resolve(import.meta.dirname, '../..'), 'docs/walkthrough.md'), 'utf8');

describe('docs/walkthrough.md', () => {
  it('runs top to bottom in one bash session against npm start, every block exiting 0', async () => {
    // act
    const { output: all, startups } = await runAsReader('docs/walkthrough.md', document, { clock: walkthroughClock });

    // assess
    expect(all).toMatch(/refused, never overwritten: it keeps sha256 [0-9a-f]{64}/);
    expect(all).toMatch(/refused: contracts\/\S+ is retained until/);
    expect(all).toContain('"status":"signed"');
    // signing at home
    expect(all).toContain('"channel":"remote"');
    expect(all).toContain('"requestedEarlyStart":true');
    expect(all).toMatch(/Widerrufsfrist/);
    // the customer's buttons
    expect(all).toContain('"recordedBy":"customer-online"');
    expect(all).toContain('"status":"assigned"');
    expect(all).toContain('Eingangsbestätigung');
    expect(all).toContain('Kündigungsbestätigung');
    // SEPA
    expect(all).toContain('Ich ermächtige Studio Mitte GmbH');
    expect(all).toContain('Lastschriften-2026-12-01.xml validates');
    expect(all).toContain('"mandateRevoked":false');
    // personal data, and the purge at the last restart
    expect(all).toMatch(/^contracts: 3$/m);
    expect(all).toContain('{"erased":true,"restrictedUntil":null}');
    expect(all).toContain('contact-has-running-contracts');
    expect(all).toContain('{"erased":false,"restrictedUntil":"2035-01-01T00:00:00.000Z"}');
    expect(startups.at(-1)?.clock).toBe('2035-01-02T09:00:00+01:00');
    expect(startups.at(-1)?.stderr).toContain('Retention purge: 1 contact(s) erased');
  }, 600_000);
});
