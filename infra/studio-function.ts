import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, type Stack } from 'aws-cdk-lib';
import type { HttpApi, IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';
import { Tracing } from 'aws-cdk-lib/aws-lambda';
import { type ICommandHooks, NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { AreaBackgroundFunction, GeneratedFile, RouteDefinition, TableGrant } from '#shared/routes.ts';
import { lambdaPlatform, nodejsBundling, sourceMapEnvironment } from './bundling.ts';
import type { DocumentsBucket } from './documents-bucket.ts';
import { allowWebhookSecrets, type StudioEvents } from './events.ts';
import { FunctionRole } from './function-role.ts';
import { allowSendingMail, mailEnvironment } from './mail.ts';
import { publicOriginEnvironment } from './public-origin.ts';
import { allowSealing } from './sealing-key.ts';
import { queryAction, type TableAccess, tableActionsOf } from './table-access.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** What a function may be granted, all in the root stack. */
export interface SharedResources {
  /** The root stack: where the queues live, and the roles a key policy names (see `keyPolicyNamesRole`). */
  readonly root: Stack;
  readonly table: TableV2;
  readonly sealingKey: Key;
  readonly documents: DocumentsBucket;
  readonly events: StudioEvents;
}

/** What the root stack holds for every area: passed into each area's nested stack as construct props. */
export interface StudioResources extends SharedResources {
  readonly api: HttpApi;
  readonly authorizer: IHttpRouteAuthorizer;
}

/** What decides a function's environment and grants: a route's flags, or a background function's. */
export type FunctionFlags = Omit<TableAccess, 'data'> &
  Partial<Pick<RouteDefinition, 'sealing' | 'originals' | 'sendsMail'>> &
  Partial<Pick<AreaBackgroundFunction, 'webhookSecrets' | 'sendsTo'>> & {
    readonly data: RouteDefinition['data'] | TableGrant;
  };

/** `contacts-list` → `ContactsList`: stable construct ids, so logical ids survive reordering the route table. */
export const constructId = (name: string): string =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * A key's policy names the role of a function that seals or handles webhook secrets. Such a role (and the log
 * group its policy names) stays in the root stack beside the key: a key policy naming a role in a nested stack
 * would make the key wait for that stack, which waits for the key's ARN, a cycle CloudFormation refuses.
 */
export const keyPolicyNamesRole = (flags: FunctionFlags): boolean => Boolean(flags.sealing || flags.webhookSecrets);

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

export interface StudioFunctionProps {
  readonly name: string;
  readonly entry: string;
  readonly flags: FunctionFlags;
  /** What esbuild writes into the bundle (`functionConstants`). */
  readonly constants: Record<string, string>;
  readonly files?: readonly (string | GeneratedFile)[] | undefined;
  readonly timeoutSeconds?: number | undefined;
  /** Construct ids in `scope` (the role's and log group's in the root when a key policy names the role). */
  readonly ids?: { readonly function: string; readonly logs: string; readonly role: string };
}

/** Every function as the stack builds it: bundled, its own log group and role, traced, granted by its flags. */
export const createStudioFunction = (
  scope: Construct,
  resources: SharedResources,
  { name, entry, flags, constants, files = [], timeoutSeconds = 10, ids: given }: StudioFunctionProps,
): NodejsFunction => {
  const id = constructId(name);
  const ids = given ?? { function: id, logs: `${id}Logs`, role: `${id}Role` };
  const ownerScope = keyPolicyNamesRole(flags) ? resources.root : scope;
  // An explicit log group is the only way to set retention without the LogRetention custom resource.
  const logGroup = new LogGroup(ownerScope, keyPolicyNamesRole(flags) ? `${id}Logs` : ids.logs, {
    retention: RetentionDays.ONE_MONTH,
  });
  // Its own log group is all a function may write, where AWSLambdaBasicExecutionRole would allow any group.
  const role = new FunctionRole(ownerScope, keyPolicyNamesRole(flags) ? `${id}Role` : ids.role);
  logGroup.grantWrite(role);
  const fn = new NodejsFunction(scope, ids.function, {
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
    environment: { ...sourceMapEnvironment(scope), ...environmentOf(scope, resources, flags) },
  });
  grantByFlags(scope, resources, role, flags);
  return fn;
};

const environmentOf = (scope: Construct, resources: SharedResources, flags: FunctionFlags): Record<string, string> => {
  const queue = flags.sendsTo ? resources.events.queueNamed(flags.sendsTo) : undefined;
  return {
    ...(flags.data === 'none' ? {} : { TABLE_NAME: resources.table.tableName }),
    // The areas' functions name the customer's pages (signing link, „Vertrag widerrufen“); the root's fallback has no table.
    ...(flags.data !== 'none' && 'api' in resources ? publicOriginEnvironment(scope, resources.api as HttpApi) : {}),
    ...(queue ? { [queue.environmentVariable]: queue.queue.queueUrl } : {}),
    ...(flags.webhookSecrets ? { WEBHOOK_SECRET_KEY_ID: resources.events.secretsKey.keyArn } : {}),
    ...(flags.sealing ? { SEAL_KMS_KEY_ARN: resources.sealingKey.keyArn } : {}),
    ...(flags.sendsMail ? mailEnvironment(scope) : {}),
    ...(flags.originals ? { ORIGINALS_BUCKET: resources.documents.bucket.bucketName } : {}),
  };
};

const grantByFlags = (scope: Construct, resources: SharedResources, role: IRole, flags: FunctionFlags): void => {
  // Least privilege: a function that only reads cannot write, even through a bug; `none` gets no table at all.
  grantTableActions(resources.table, role, flags);
  // Only signing may sign with the key, only verification may verify with it.
  if (flags.sealing) allowSealing(resources.sealingKey, role, flags.sealing);
  // Only a webhook's creation encrypts a secret, only the delivery decrypts one.
  if (flags.webhookSecrets) allowWebhookSecrets(resources.events.secretsKey, role, flags.webhookSecrets);
  if (flags.sendsTo) resources.events.queueNamed(flags.sendsTo).queue.grantSendMessages(role);
  if (flags.sendsMail) allowSendingMail(scope, role);
  // Only the render path may write an original; the read route may only get one.
  if (flags.originals === 'store') resources.documents.allowStoring(role);
  if (flags.originals === 'read') resources.documents.allowReading(role);
  if (flags.originals === 'purge') resources.documents.allowPurging(role);
};

const grantTableActions = (table: TableV2, role: IRole, flags: FunctionFlags): void => {
  const { data } = flags;
  if (typeof data === 'object') {
    const actions = data.actions.map((action) => `dynamodb:${action}`);
    // Writes go through TransactWriteItems, which IAM checks per item by its own action.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions,
        resources: [data.index ? `${table.tableArn}/index/${data.index}` : table.tableArn],
        ...(data.partitions
          ? { conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...data.partitions] } } }
          : {}),
      }),
    );
    return;
  }
  const actions = tableActionsOf({ ...flags, data });
  if (!actions.length) return;
  const items = actions.filter((action) => action !== queryAction);
  role.addToPrincipalPolicy(new PolicyStatement({ actions: items, resources: [table.tableArn] }));
  if (actions.includes(queryAction)) {
    const indexes = `${table.tableArn}/index/*`;
    role.addToPrincipalPolicy(new PolicyStatement({ actions: [queryAction], resources: [table.tableArn, indexes] }));
  }
};

/** The role a function runs as (every one of ours has its own). */
export const roleOf = (fn: NodejsFunction): IRole => {
  if (!fn.role) throw new Error(`${fn.node.id} has no role`);
  return fn.role;
};
