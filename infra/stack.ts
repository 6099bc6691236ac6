import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, Billing, ProjectionType, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import { Tracing } from 'aws-cdk-lib/aws-lambda';
import { type ICommandHooks, NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { tableDesign } from '#shared/db/table-design.ts';
import type { Language } from '#shared/messages/index.ts';
import {
  type AreaBackgroundFunction,
  backgroundFunctionNamed,
  fallbackRoute,
  type GeneratedFile,
  type RouteDefinition,
  routeKey,
  routes,
} from '#shared/routes.ts';
import { StudioAuth } from './auth.ts';
import { functionConstants, lambdaPlatform, nodejsBundling, sourceMapEnvironment } from './bundling.ts';
import { DeclarationsMatch } from './declarations-match.ts';
import { DocumentsBucket } from './documents-bucket.ts';
import { DocumentsRender } from './documents-render.ts';
import { StudioEvents } from './events.ts';
import { FunctionRole } from './function-role.ts';
import { addDefaultStage, corsPreflight, throttleSettings } from './http-api.ts';
import { allowSendingMail, mailEnvironment } from './mail.ts';
import { StudioAlarms } from './monitoring.ts';
import { acceptNagFindings } from './nag.ts';
import { publicOriginEnvironment } from './public-origin.ts';
import { RetentionPurge } from './retention-purge.ts';
import { throttlePublicRoutes } from './route-throttles.ts';
import { allowSealing, sealingKeyPolicy } from './sealing-key.ts';
import { queryAction, type TableAccess, tableActionsOf } from './table-access.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** What decides a function's environment and grants: a route's flags, or a background function's. */
type FunctionFlags = TableAccess & Partial<Pick<RouteDefinition, 'sealing' | 'originals' | 'sendsMail'>>;
type BackgroundFunctionDefinition = AreaBackgroundFunction & { readonly language: Language };

/** `contacts-list` → `ContactsList`: stable construct ids, so logical ids survive reordering the route table. */
export const constructId = (name: string): string =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

/**
 * Puts the files a function reads at run time (`RouteDefinition['files']`) into `files/` beside its bundle:
 * copied, or written by their generator script.
 */
const copyNextToBundle = (files: readonly (string | GeneratedFile)[]): ICommandHooks => ({
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: (inputDir, outputDir) => [
    `mkdir -p "${outputDir}/files"`,
    ...files.map((file) =>
      typeof file === 'string'
        ? `cp "${path.join(inputDir, file)}" "${outputDir}/files/${path.basename(file)}"`
        : `cd "${inputDir}" && node_modules/.bin/tsx "${file.generator}" > "${outputDir}/files/${path.basename(file.path)}"`,
    ),
  ],
});

export class StudioApiStack extends Stack {
  readonly table: TableV2;
  readonly api: HttpApi;
  readonly sealingKey: Key;
  readonly auth: StudioAuth;
  readonly documents: DocumentsBucket;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

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
      // New event items reach the webhook dispatcher through the stream (infra/events.ts).
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

    // API Gateway's own 404 is not problem+json, so unknown routes go to our function instead.
    const notFound = this.createFunction(fallbackRoute.name, fallbackRoute.entry);
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
    const table: readonly RouteDefinition[] = routes;
    for (const route of table) this.addRoute(route);
    // Anonymous traffic gets limits of its own on every route that takes no token.
    const publicRouteKeys = [...table.filter((route) => route.roles === 'public').map(routeKey), '$default'];
    throttlePublicRoutes(this.api, stage, publicRouteKeys, throttleSettings(this.api));
    // Events and webhooks (docs/events-and-webhooks.md): the table's stream → dispatcher → FIFO queue → delivery.
    const events = new StudioEvents(this, 'Events', {
      table: this.table,
      createFunction: ({ name, entry, language }, environment) =>
        this.createFunction(name, entry, environment, [], functionConstants({ language })),
      routeFunction: (route) => this.node.findChild(constructId(route.name)) as NodejsFunction,
    });
    // The signed originals are rendered from the stream too, by a function granted like a route (docs/documents.md).
    const documentsRender = new DocumentsRender(this, 'DocumentsStreamReader', {
      table: this.table,
      renderer: this.addBackgroundFunction(backgroundFunctionNamed('documents-render')),
    });
    // Declarations filed without login are matched, recorded and confirmed from the stream (docs/declarations.md).
    const declarationsMatch = new DeclarationsMatch(this, 'DeclarationsStreamReader', {
      table: this.table,
      matcher: this.addBackgroundFunction(backgroundFunctionNamed('declarations-match')),
    });
    // Restricted contacts past their retention are purged daily, documents and all (docs/privacy.md).
    new RetentionPurge(this, 'RetentionPurge', {
      purge: this.addBackgroundFunction(backgroundFunctionNamed('contacts-retention-purge')),
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'DocumentsBucketName', { value: this.documents.bucket.bucketName });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'JwtIssuer', { value: this.auth.jwtIssuer });

    const alarms = new StudioAlarms(this, 'Alarms', { api: this.api, table: this.table });
    events.alarmTo(alarms.topic);
    for (const { id, ...alarm } of [...documentsRender.alarms(), ...declarationsMatch.alarms()])
      alarms.watch(id, alarm);
    acceptNagFindings(this);
  }

  private addRoute(route: RouteDefinition): void {
    const environment = this.environmentOf(route);
    const fn = this.createFunction(
      route.name,
      route.entry,
      Object.keys(environment).length ? environment : undefined,
      route.files,
      functionConstants({ language: route.language, route }),
      route.timeoutSeconds,
    );
    this.grantByFlags(this.roleOf(fn), route);

    this.api.addRoutes({
      path: route.path,
      methods: [HttpMethod[route.method]],
      integration: new HttpLambdaIntegration(`${constructId(route.name)}Integration`, fn, {
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      }),
      ...(route.roles === 'public' ? {} : { authorizer: this.auth.authorizer }),
    });
  }

  /** A background function of an area, with the environment and grants its flags name, as a route gets them. */
  private addBackgroundFunction(definition: BackgroundFunctionDefinition): NodejsFunction {
    const flags = { ...definition, data: definition.data ?? 'none' };
    const fn = this.createFunction(
      definition.name,
      definition.entry,
      this.environmentOf(flags),
      definition.files,
      functionConstants({ language: definition.language }),
      definition.timeoutSeconds,
    );
    this.grantByFlags(this.roleOf(fn), flags);
    return fn;
  }

  private environmentOf(flags: FunctionFlags): Record<string, string> {
    return {
      ...(flags.data === 'none'
        ? {}
        : { TABLE_NAME: this.table.tableName, ...publicOriginEnvironment(this, this.api) }),
      ...(flags.sealing ? { SEAL_KMS_KEY_ARN: this.sealingKey.keyArn } : {}),
      ...(flags.sendsMail ? mailEnvironment(this) : {}),
      ...(flags.originals ? { ORIGINALS_BUCKET: this.documents.bucket.bucketName } : {}),
    };
  }

  private grantByFlags(role: IRole, flags: FunctionFlags): void {
    // Least privilege: a function that only reads cannot write, even through a bug; `none` gets no table at all.
    this.grantTableActions(role, flags);
    // Only signing may sign with the key, only verification may verify with it.
    if (flags.sealing) allowSealing(this.sealingKey, role, flags.sealing);
    if (flags.sendsMail) allowSendingMail(this, role);
    // Only the render path may write an original; the read route may only get one.
    if (flags.originals === 'store') this.documents.allowStoring(role);
    if (flags.originals === 'read') this.documents.allowReading(role);
    if (flags.originals === 'purge') this.documents.allowPurging(role);
  }

  private grantTableActions(role: IRole, route: TableAccess): void {
    const actions = tableActionsOf(route);
    if (!actions.length) return;
    const items = actions.filter((action) => action !== queryAction);
    role.addToPrincipalPolicy(new PolicyStatement({ actions: items, resources: [this.table.tableArn] }));
    if (actions.includes(queryAction)) {
      const indexes = `${this.table.tableArn}/index/*`;
      role.addToPrincipalPolicy(
        new PolicyStatement({ actions: [queryAction], resources: [this.table.tableArn, indexes] }),
      );
    }
  }

  private roleOf(fn: NodejsFunction): IRole {
    if (!fn.role) throw new Error(`${fn.node.id} has no role`);
    return fn.role;
  }

  private createFunction(
    name: string,
    entry: string,
    environment?: Record<string, string>,
    files: readonly (string | GeneratedFile)[] = [],
    constants: Record<string, string> = functionConstants({ language: fallbackRoute.language }),
    timeoutSeconds = 10,
  ): NodejsFunction {
    const id = constructId(name);
    // An explicit log group is the only way to set retention without the LogRetention custom resource.
    const logGroup = new LogGroup(this, `${id}Logs`, { retention: RetentionDays.ONE_MONTH });
    // Its own log group is all a function may write, where AWSLambdaBasicExecutionRole would allow any group.
    const role = new FunctionRole(this, `${id}Role`);
    logGroup.grantWrite(role);
    return new NodejsFunction(this, id, {
      entry: path.join(repoRoot, entry),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      ...lambdaPlatform,
      bundling: files.length
        ? { ...nodejsBundling(constants), commandHooks: copyNextToBundle(files) }
        : nodejsBundling(constants),
      // A DynamoDB call gives up after 3 attempts of at most 1 s connect + 2 s response (6-9 s with backoff),
      // so within 10 s an unreachable table becomes our 503, not a Lambda timeout, and every answer comes well
      // before API Gateway's 30 s limit. A timeout still counts as an error, which the alarms report.
      timeout: Duration.seconds(timeoutSeconds),
      // Lambda's CPU share grows with memory (one vCPU at 1,769 MB): a third of one keeps module init at a cold
      // start short, and these handlers run so briefly that the price per GB-s hardly shows.
      memorySize: 512,
      role,
      logGroup,
      // X-Ray traces every invocation from Lambda's side; no code of ours is needed for that.
      tracing: Tracing.ACTIVE,
      environment: { ...sourceMapEnvironment(this), ...environment },
    });
  }
}
