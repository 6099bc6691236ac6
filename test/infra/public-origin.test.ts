import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { publicOriginContextKey } from '#infra/public-origin.ts';
import { studioApiStack } from '../support/cdk-app.ts';

// The deployed functions know the origin customers reach them at (issue 32): the signing page and the signed
// original name the same „Vertrag widerrufen“ page (shared/signing/public-origin.ts).
type Resource = { Type: string; Properties?: Record<string, any>; DependsOn?: string | string[] };

const templateOf = (context: Record<string, unknown> = {}) =>
  Template.fromStack(studioApiStack(context).stack).toJSON() as { Resources: Record<string, Resource> };

// The webhook functions (infra/events.ts) send events, never a link or a document: they are left out.
const functionsWithTable = (resources: Record<string, Resource>) =>
  Object.entries(resources).filter(
    ([id, resource]) =>
      resource.Type === 'AWS::Lambda::Function' &&
      resource.Properties?.Environment?.Variables?.TABLE_NAME &&
      !id.startsWith('Webhooks'),
  );

/** The logical ids a resource refers to (Ref, Fn::GetAtt, DependsOn). */
const referencesOf = (resource: Resource): string[] => {
  const found: string[] = [...[resource.DependsOn ?? []].flat()];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const inner of value) walk(inner);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') found.push(inner);
      else if (key === 'Fn::GetAtt' && Array.isArray(inner)) found.push(String(inner[0]));
      else walk(inner);
    }
  };
  walk(resource.Properties);
  return found;
};

/** A cycle among the resources, as CloudFormation would refuse it, or undefined. */
const cycleIn = (resources: Record<string, Resource>): string[] | undefined => {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string, path: string[]): string[] | undefined => {
    if (state.get(id) === 'done' || !resources[id]) return undefined;
    if (state.get(id) === 'open') return [...path, id];
    state.set(id, 'open');
    for (const next of referencesOf(resources[id] as Resource)) {
      const cycle = visit(next, [...path, id]);
      if (cycle) return cycle;
    }
    state.set(id, 'done');
    return undefined;
  };
  for (const id of Object.keys(resources)) {
    const cycle = visit(id, []);
    if (cycle) return cycle;
  }
  return undefined;
};

describe('PUBLIC_ORIGIN of the deployed functions', () => {
  it('is the HttpApi’s own endpoint for every function that reads the table, without a dependency cycle', () => {
    const { Resources } = templateOf();

    const functions = functionsWithTable(Resources);

    expect(functions.length).toBeGreaterThan(10);
    const [apiId] = Object.entries(Resources).find(([, resource]) => resource.Type === 'AWS::ApiGatewayV2::Api') ?? [];
    for (const [id, fn] of functions) {
      const origin = JSON.stringify(fn.Properties?.Environment.Variables.PUBLIC_ORIGIN);
      expect(origin, id).toBe(`{"Fn::GetAtt":["${apiId}","ApiEndpoint"]}`);
    }
    expect(cycleIn(Resources)).toBeUndefined();
  });

  it('is the context’s publicOrigin when a custom domain is in front of the API', () => {
    const { Resources } = templateOf({ [publicOriginContextKey]: 'https://vertraege.studio-mitte.example' });

    for (const [id, fn] of functionsWithTable(Resources)) {
      expect(fn.Properties?.Environment.Variables.PUBLIC_ORIGIN, id).toBe('https://vertraege.studio-mitte.example');
    }
  });
});
