import { readFileSync } from 'node:fs';
import { App, CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { StudioApiStack } from '#infra/stack.ts';
import type { AreaDefinition } from '#shared/areas.ts';

/**
 * The stack as `cdk synth` builds it, minus the bundles: the feature flags in
 * cdk.json change the template, so they are applied too, and an empty
 * bundling-stacks list skips esbuild (these tests check wiring, not bundles).
 */
export const studioApiStack = (
  extraContext: Record<string, unknown> = {},
  areas?: readonly AreaDefinition[],
): { app: App; stack: StudioApiStack } => {
  const { context } = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const app = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [], ...extraContext } });
  return { app, stack: new StudioApiStack(app, 'StudioApi', areas ? { areas } : {}) };
};

/** The root stack and every nested stack in it (one per area). */
export const stacksOf = (stack: Stack): Stack[] => [
  stack,
  ...stack.node.findAll().filter((construct): construct is NestedStack => construct instanceof NestedStack),
];

type Json = Record<string, any>;

/** `value` with every `{ Ref: parameter }` of `parameters` replaced by what the parent passes (recursively). */
const substitute = (value: unknown, replace: (node: Json) => unknown): unknown => {
  if (Array.isArray(value)) return value.map((item) => substitute(item, replace));
  if (value === null || typeof value !== 'object') return value;
  const replaced = replace(value as Json);
  if (replaced !== undefined) return substitute(replaced, replace);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, replace)]));
};

/**
 * One template of the whole app, as if the areas' nested stacks were not nested: their resources beside the
 * root's, each reference across stacks resolved to what CloudFormation passes (a nested stack's parameter to the
 * root's value, a root's `Outputs.x` of a nested stack to the output's value), and a dependency on a nested stack
 * to one on each of its resources. The assertions written for one stack read it unchanged; a logical id is the
 * one of the stack the resource lives in (`Stack.of(construct).getLogicalId`).
 */
export const flatTemplate = (stack: Stack): Template => {
  const root = Template.fromStack(stack).toJSON() as Json;
  const resources: Json = { ...root.Resources };
  const nestedById = new Map<string, { parameters: Json; template: Json }>();
  for (const nested of stacksOf(stack).slice(1) as NestedStack[]) {
    const resource = nested.nestedStackResource;
    if (!resource) throw new Error(`${nested.node.path} has no resource in its parent`);
    const id = stack.getLogicalId(resource as never);
    nestedById.set(id, {
      parameters: (root.Resources[id] as Json).Properties.Parameters ?? {},
      template: Template.fromStack(nested).toJSON() as Json,
    });
  }
  const fromOutputs = (node: Json): unknown => {
    const getAtt = node['Fn::GetAtt'] as [string, string] | undefined;
    const nested = getAtt && nestedById.get(getAtt[0]);
    if (!getAtt || !nested || !getAtt[1].startsWith('Outputs.')) return undefined;
    return nested.template.Outputs[getAtt[1].slice('Outputs.'.length)].Value;
  };
  for (const [id, { parameters, template }] of nestedById) {
    const fromParameters = (node: Json): unknown =>
      typeof node.Ref === 'string' && node.Ref in parameters ? parameters[node.Ref] : undefined;
    for (const [resourceId, resource] of Object.entries(template.Resources as Json)) {
      if (resourceId in resources) throw new Error(`${resourceId} is in two stacks`);
      resources[resourceId] = substitute(resource, (node) => fromParameters(node) ?? fromOutputs(node));
    }
    delete resources[id];
  }
  for (const [resourceId, resource] of Object.entries(resources)) {
    const withOutputs = substitute(resource, fromOutputs) as Json;
    const dependsOn = [withOutputs.DependsOn ?? []].flat() as string[];
    if (dependsOn.length) {
      withOutputs.DependsOn = dependsOn.flatMap((dependency) => {
        const nested = nestedById.get(dependency);
        return nested ? Object.keys(nested.template.Resources) : [dependency];
      });
    }
    resources[resourceId] = withOutputs;
  }
  const outputs = substitute(root.Outputs ?? {}, fromOutputs);
  return Template.fromJSON({ ...root, Resources: resources, Outputs: outputs });
};

/** The one construct of the app that is a `type` and whose construct id is `id` (a function by its name's id). */
export const constructNamed = <T extends IConstruct>(stack: Stack, id: string): T => {
  const found = stack.node.findAll().filter((construct) => construct.node.id === id);
  if (found.length !== 1) throw new Error(`Expected one construct ${id}, found ${found.length}`);
  return found[0] as T;
};

/** A construct's logical id in the stack it lives in, as `flatTemplate` keeps it. */
export const logicalIdOf = (construct: IConstruct): string => {
  let element = construct;
  while (!CfnElement.isCfnElement(element) && element.node.defaultChild) element = element.node.defaultChild;
  return Stack.of(construct).getLogicalId(element as CfnElement);
};
