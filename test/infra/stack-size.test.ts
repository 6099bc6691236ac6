import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AreaStack } from '#infra/area-stack.ts';
import { constructId, withoutAreaRoutesContextKey } from '#infra/stack.ts';
import { type AreaDefinition, areas } from '#shared/areas.ts';
import { anyRole } from '#shared/roles.ts';
import { constructNamed, stacksOf, studioApiStack } from '../support/cdk-app.ts';

/** CloudFormation's limit per stack, and the share of it any one of ours may use, so that each has room to grow. */
const resourceLimit = 500;
const allowedShare = 0.6;

const resourcesOf = (stack: Parameters<typeof Template.fromStack>[0]) =>
  Template.fromStack(stack).toJSON().Resources as Record<string, { Type: string }>;

/** An area as a new one might come: 40 routes (some public, some sealing) and a stream reader. */
const generatedArea = (routeCount: number): AreaDefinition => ({
  name: 'generated',
  language: 'en',
  docsTag: { name: 'Generated', description: 'An area made up to measure the stacks' },
  routes: Array.from({ length: routeCount }, (_, index) => ({
    name: `generated-route-${index}`,
    method: index % 2 ? 'GET' : 'POST',
    path: `/api/generated/${index}`,
    // Bundling is skipped in these tests: any existing handler file will do.
    entry: 'functions/not-found.ts',
    roles: index % 10 === 0 ? ('public' as const) : anyRole,
    data: index % 2 ? ('read' as const) : ('read-write' as const),
    ...(index % 20 === 1 ? { sealing: 'verify' as const } : {}),
  })),
  backgroundFunctions: [
    {
      name: 'generated-follow',
      entry: 'functions/not-found.ts',
      data: 'read',
      trigger: { stream: ['generated.happened'], onFailure: { deadLetters: 'The generated reader gave up.' } },
    },
  ],
  eventTypes: ['generated.happened'],
  entities: {},
  sampleIds: {},
  sampleRequests: () => ({}),
});

/** The logical ids the stateful resources had when every resource lived in one stack (before issue 30). */
const statefulLogicalIds = {
  'AWS::DynamoDB::GlobalTable': ['TableCD117FA1'],
  'AWS::KMS::Key': ['ContractSealingKeyE2F7EA05', 'DocumentsKeyFF02C3B3', 'EventsWebhookSecretsKeyF6A6620A'],
  'AWS::S3::Bucket': ['DocumentsAccessLogsE0128BD5', 'DocumentsBucket089EA665'],
  'AWS::Cognito::UserPool': ['AuthUserPool8115E87F'],
  'AWS::ApiGatewayV2::Api': ['HttpApiF5A9A8A7'],
};

describe('the stacks', () => {
  it('keep every stack, the root and each area’s nested one, within 60 % of CloudFormation’s 500 resources, with a generated area of 40 routes besides', () => {
    // prepare
    const { stack } = studioApiStack({}, [...areas, generatedArea(40)]);

    // act
    const sizes = stacksOf(stack).map((each) => ({
      path: each.node.path,
      resources: Object.keys(resourcesOf(each)).length,
    }));

    // assess
    expect(sizes.map(({ path }) => path)).toContain('StudioApi/GeneratedArea');
    for (const { path, resources } of sizes) expect(resources, path).toBeLessThanOrEqual(resourceLimit * allowedShare);
    const generated = sizes.find(({ path }) => path === 'StudioApi/GeneratedArea');
    expect(generated?.resources).toBeGreaterThanOrEqual(40 * 5);
  });

  it('keeps the table, the buckets, the keys, the user pool and the API in the root stack under their logical ids of before', () => {
    // act
    const { stack } = studioApiStack();
    const root = resourcesOf(stack);

    // assess
    for (const [type, ids] of Object.entries(statefulLogicalIds)) {
      const found = Object.entries(root)
        .filter(([, resource]) => resource.Type === type)
        .map(([id]) => id)
        .sort();
      expect(found, type).toEqual([...ids].sort());
    }
    for (const nested of stacksOf(stack).slice(1)) {
      const types = new Set(Object.values(resourcesOf(nested)).map((resource) => resource.Type));
      for (const type of Object.keys(statefulLogicalIds))
        expect(types.has(type), `${nested.node.path}: ${type}`).toBe(false);
    }
  });

  it('builds each area’s routes and background functions in that area’s nested stack', () => {
    // prepare
    const { stack } = studioApiStack();

    // act
    const declared: readonly AreaDefinition[] = areas;
    const homes = declared.flatMap((area) =>
      [...area.routes, ...(area.backgroundFunctions ?? [])].map((fn) => ({
        area: area.name,
        name: fn.name,
        home: constructNamed(stack, constructId(fn.name)).node.scope,
      })),
    );

    // assess
    for (const { area, name, home } of homes) {
      expect(home, name).toBeInstanceOf(AreaStack);
      expect((home as AreaStack).node.id, name).toBe(`${constructId(area)}Area`);
    }
  });

  it('builds the areas’ functions without their API routes for the first deploy of the move to nested stacks', () => {
    // act
    const { stack } = studioApiStack({ [withoutAreaRoutesContextKey]: 'true' });
    const routeKeys = stacksOf(stack).flatMap((each) =>
      Object.values(resourcesOf(each))
        .filter((resource) => resource.Type === 'AWS::ApiGatewayV2::Route')
        .map((resource) => (resource as { Properties?: { RouteKey?: string } }).Properties?.RouteKey),
    );
    const functions = stacksOf(stack).flatMap((each) =>
      Object.values(resourcesOf(each)).filter((resource) => resource.Type === 'AWS::Lambda::Function'),
    );

    // assess
    expect(routeKeys).toEqual(['$default']);
    expect(functions.length).toBeGreaterThan(60);
  });
});
