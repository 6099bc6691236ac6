import { NestedStack } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import type { AreaDefinition } from '#shared/areas.ts';
import type { RouteDefinition } from '#shared/routes.ts';
import { BackgroundFunction } from './background-function.ts';
import { functionConstants } from './bundling.ts';
import { constructId, createStudioFunction, type StudioResources } from './studio-function.ts';

export interface AreaStackProps {
  readonly area: AreaDefinition;
  /** False only in the first deploy of the move to nested stacks (`withoutAreaRoutesContextKey`). */
  readonly withRoutes?: boolean;
  /** The root stack's table, API, bucket, keys, queues and authorizer: CDK passes them in as parameters. */
  readonly resources: StudioResources;
}

/**
 * One area in a nested stack of its own, built from its declaration (shared/<area>/area.ts): a function, an
 * integration, a permission and an API route per route, and its background functions with their triggers. Each
 * nested stack has CloudFormation's 500 resources to itself, so the areas grow without meeting the limit
 * together (test/infra/stack-size.test.ts). What they share lives in the root stack.
 */
export class AreaStack extends NestedStack {
  readonly functions: NodejsFunction[] = [];
  readonly backgroundFunctions: BackgroundFunction[] = [];
  private readonly resources: StudioResources;

  private readonly withRoutes: boolean;

  constructor(scope: Construct, id: string, { area, resources, withRoutes = true }: AreaStackProps) {
    super(scope, id, { description: `Studio API: the ${area.name} area's functions and routes` });
    this.resources = resources;
    this.withRoutes = withRoutes;
    for (const route of area.routes) this.addRoute({ ...route, area: area.name, language: area.language } as never);
    for (const definition of area.backgroundFunctions ?? []) {
      const background = new BackgroundFunction(this, constructId(definition.name), {
        definition: { ...definition, language: area.language },
        resources,
      });
      this.backgroundFunctions.push(background);
      this.functions.push(background.function);
    }
  }

  private addRoute(route: RouteDefinition): void {
    const { resources } = this;
    const fn = createStudioFunction(this, resources, {
      name: route.name,
      entry: route.entry,
      flags: route,
      constants: functionConstants({ language: route.language, route }),
      files: route.files,
      timeoutSeconds: route.timeoutSeconds,
    });
    this.functions.push(fn);
    if (!this.withRoutes) return;
    new HttpRoute(this, `${constructId(route.name)}Route`, {
      httpApi: resources.api,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration: new HttpLambdaIntegration(`${constructId(route.name)}Integration`, fn, {
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      }),
      ...(route.roles === 'public' ? {} : { authorizer: resources.authorizer }),
    });
  }
}
