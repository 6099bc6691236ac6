import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpRoute, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, Billing, ProjectionType, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { type AreaDefinition, areas } from '#shared/areas.ts';
import { tableDesign } from '#shared/db/table-design.ts';
import { fallbackRoute, routeKey } from '#shared/routes.ts';
import { AreaStack } from './area-stack.ts';
import { StudioAuth } from './auth.ts';
import { functionConstants } from './bundling.ts';
import { DocumentsBucket } from './documents-bucket.ts';
import { StudioEvents } from './events.ts';
import { addDefaultStage, corsPreflight, throttleSettings } from './http-api.ts';
import { StudioAlarms } from './monitoring.ts';
import { acceptNagFindings } from './nag.ts';
import { throttlePublicRoutes } from './route-throttles.ts';
import { sealingKeyPolicy } from './sealing-key.ts';
import { constructId, createStudioFunction, type SharedResources } from './studio-function.ts';

export { constructId };

const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

/**
 * `cdk deploy -c withoutAreaRoutes=true`: the areas' stacks without their API routes, the first of the two deploys
 * that move a deployment of one stack to nested stacks (docs/operations.md): a route key is unique in an API, so
 * the old routes must be gone before the nested stacks create theirs.
 */
export const withoutAreaRoutesContextKey = 'withoutAreaRoutes';

export interface StudioApiStackProps extends StackProps {
  /** The areas to build, one nested stack each: the list of shared/areas.ts unless a test gives others. */
  readonly areas?: readonly AreaDefinition[];
}

/**
 * The root stack: what every area shares (the table, the HTTP API with its stage and `$default` route, the
 * bucket of originals, the keys, the queues, the user pool and its authorizer, the alarms), and one nested stack
 * per area (infra/area-stack.ts) with that area's functions, routes and background functions. The stateful
 * resources keep the logical ids they had when all lived in one stack (test/infra/stack-size.test.ts), so an
 * upgrade moves only functions and routes (docs/operations.md).
 */
export class StudioApiStack extends Stack {
  readonly table: TableV2;
  readonly api: HttpApi;
  readonly sealingKey: Key;
  readonly auth: StudioAuth;
  readonly documents: DocumentsBucket;
  readonly events: StudioEvents;
  readonly areaStacks: AreaStack[];

  constructor(scope: Construct, id: string, props: StudioApiStackProps = {}) {
    super(scope, id, props);
    const builtAreas = props.areas ?? areas;
    const withRoutes = String(this.node.tryGetContext(withoutAreaRoutesContextKey) ?? 'false') !== 'true';

    // The table holds the business data: it must survive stack deletion, accidental deletes and bad writes.
    this.table = new TableV2(this, 'Table', {
      partitionKey: stringKey(tableDesign.partitionKey),
      sortKey: stringKey(tableDesign.sortKey),
      timeToLiveAttribute: tableDesign.timeToLiveAttribute,
      globalSecondaryIndexes: tableDesign.globalSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        projectionType: ProjectionType.ALL,
      })),
      billing: Billing.onDemand(),
      // New event items reach the background functions through the stream (their `stream` triggers).
      dynamoStream: StreamViewType.NEW_IMAGE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Seals on contract signatures: the private key never leaves KMS, and it must outlive the stack
    // as long as the contracts it sealed are kept.
    this.sealingKey = new Key(this, 'ContractSealingKey', {
      description: 'Seals digital signatures on studio contracts',
      keySpec: KeySpec.ECC_NIST_P256,
      keyUsage: KeyUsage.SIGN_VERIFY,
      policy: sealingKeyPolicy(),
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Signed originals, write-once for their retention (docs/documents.md); routes get grants by their `originals`.
    this.documents = new DocumentsBucket(this, 'Documents');
    // Events and webhooks (docs/events-and-webhooks.md): the delivery queue and the webhook secrets' key.
    this.events = new StudioEvents(this, 'Events');
    const shared: SharedResources = {
      root: this,
      table: this.table,
      sealingKey: this.sealingKey,
      documents: this.documents,
      events: this.events,
    };

    // API Gateway's own 404 is not problem+json, so unknown routes go to our function instead.
    const notFound = createStudioFunction(this, shared, {
      name: fallbackRoute.name,
      entry: fallbackRoute.entry,
      flags: { data: 'none' },
      constants: functionConstants({ language: fallbackRoute.language }),
    });
    this.api = new HttpApi(this, 'HttpApi', {
      apiName: this.stackName,
      defaultIntegration: new HttpLambdaIntegration('NotFoundIntegration', notFound, {
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      }),
      corsPreflight: corsPreflight(this),
      // The default stage is added below: the one HttpApi makes takes neither throttling nor access logs.
      createDefaultStage: false,
    });
    const stage = addDefaultStage(this.api);

    // Every route but the public ones needs a valid token. `$default` stays open on purpose: it only
    // answers 404 problem+json for unknown routes, and an authorizer there would turn that into 401.
    this.auth = new StudioAuth(this, 'Auth');
    this.areaStacks = builtAreas.map(
      (area) =>
        new AreaStack(this, `${constructId(area.name)}Area`, {
          area,
          withRoutes,
          resources: { ...shared, api: this.api, authorizer: this.auth.authorizer },
        }),
    );
    // Anonymous traffic gets limits of its own on every route that takes no token.
    const publicRouteKeys = [
      ...(withRoutes
        ? builtAreas.flatMap((area) => area.routes.filter((route) => route.roles === 'public').map(routeKey))
        : []),
      '$default',
    ];
    throttlePublicRoutes(stage, this.apiRoutes(), publicRouteKeys, throttleSettings(this.api));

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'DocumentsBucketName', { value: this.documents.bucket.bucketName });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'JwtIssuer', { value: this.auth.jwtIssuer });

    const alarms = new StudioAlarms(this, 'Alarms', { api: this.api, table: this.table });
    this.events.alarmTo(alarms.topic);
    for (const background of this.areaStacks.flatMap((area) => area.backgroundFunctions))
      for (const { id: alarmId, ...alarm } of background.alarms) alarms.watch(alarmId, alarm);
    acceptNagFindings(this, publicRouteKeys);
  }

  /** Every API route of the areas' nested stacks. */
  apiRoutes(): HttpRoute[] {
    return this.node.findAll().filter((construct): construct is HttpRoute => construct instanceof HttpRoute);
  }
}
