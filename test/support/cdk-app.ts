import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { StudioApiStack } from '#infra/stack.ts';

/**
 * The stack as `cdk synth` builds it, minus the bundles: the feature flags in
 * cdk.json change the template, so they are applied too, and an empty
 * bundling-stacks list skips esbuild (these tests check wiring, not bundles).
 */
export const studioApiStack = (extraContext: Record<string, unknown> = {}): { app: App; stack: StudioApiStack } => {
  const { context } = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const app = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [], ...extraContext } });
  return { app, stack: new StudioApiStack(app, 'StudioApi') };
};
