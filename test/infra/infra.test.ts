import { Match, Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { jwtAudienceContextKey, jwtIssuerContextKey } from '#infra/auth.ts';
import { enableSourceMapsContextKey, esbuildOptions, nodejsBundling } from '#infra/bundling.ts';
import { defaultThrottle } from '#infra/http-api.ts';
import { publicRouteThrottle } from '#infra/route-throttles.ts';
import { sealingKeyAdministration } from '#infra/sealing-key.ts';
import { constructId } from '#infra/stack.ts';
import { deletesItems } from '#infra/table-access.ts';
import { tableDesign } from '#shared/db/table-design.ts';
import {
  type AreaBackgroundFunction,
  backgroundFunctions,
  fallbackRoute,
  type RouteDefinition,
  roleNames,
  routeKey,
  routes,
} from '#shared/routes.ts';
import { flatTemplate, stacksOf, studioApiStack } from '../support/cdk-app.ts';
import { allStatements, statementsOfFunction } from '../support/iam.ts';

type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

// TransactWriteItems is authorised per item by these; GetItem and Query read.
const transactionActions = ['dynamodb:ConditionCheckItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];

const synthesize = (extraContext: Record<string, unknown> = {}): Template =>
  flatTemplate(studioApiStack(extraContext).stack);

// Synthesis is the slow part and the template is read-only, so every test reads the same one.
const template = synthesize();

const resources = (type: string): Record<string, Resource> => template.findResources(type) as Record<string, Resource>;

const resource = (type: string, logicalId: string): Resource => {
  const found = resources(type)[logicalId];
  if (!found) throw new Error(`No ${type} named ${logicalId}`);
  return found;
};

const apiRoutesWithKey = (key: string): Resource[] =>
  Object.values(resources('AWS::ApiGatewayV2::Route')).filter((r) => r.Properties.RouteKey === key);

/** Route → `integrations/<Ref>` target → integration → the function its URI points at. */
const functionIdBehind = (apiRoute: Resource): string => {
  const [, parts] = apiRoute.Properties.Target['Fn::Join'];
  const integrationId: string = parts[1].Ref;
  return resource('AWS::ApiGatewayV2::Integration', integrationId).Properties.IntegrationUri['Fn::GetAtt'][0];
};

const functionIdOf = (route: Pick<RouteDefinition, 'method' | 'path'>): string => {
  const [apiRoute] = apiRoutesWithKey(routeKey(route));
  if (!apiRoute) throw new Error(`No API route ${routeKey(route)}`);
  return functionIdBehind(apiRoute);
};

/** A background function's logical id: its construct id (shared with every host) and CDK's hash. */
const backgroundFunctionIdOf = (name: string): string => {
  const ids = Object.keys(resources('AWS::Lambda::Function')).filter((id) =>
    new RegExp(`^${constructId(name)}[0-9A-F]{8}$`).test(id),
  );
  if (ids.length !== 1) throw new Error(`No one function for ${name}: ${ids.join(', ')}`);
  return ids[0] as string;
};

/** Policies attach to roles, not functions: the actions of the function's role for one service. */
const actionsOf = (functionId: string, service: string): string[] =>
  statementsOfFunction(template, functionId)
    .flatMap((statement) => statement.Action)
    .filter((action) => action.startsWith(`${service}:`));

/** The statements of a function's own IAM policies that name a resource (by its logical id). */
const statementsNaming = (functionId: string, logicalId: string): unknown[] =>
  statementsOfFunction(template, functionId).filter((statement) => JSON.stringify(statement).includes(logicalId));

const dynamoActionsOf = (functionId: string): string[] => actionsOf(functionId, 'dynamodb');

/** A construct's logical id is its construct id plus an 8-digit hash. */
const logicalIdPattern = (name: string): RegExp => new RegExp(`^${constructId(name)}[0-9A-F]{8}$`);

const tableId = (): string => {
  const [id] = Object.keys(resources('AWS::DynamoDB::GlobalTable'));
  if (!id) throw new Error('No table');
  return id;
};

const tableRoutes = routes.filter((route) => route.data !== 'none');
const routesWithoutData = routes.filter((route) => route.data === 'none');
const readRoutes = routes.filter((route) => route.data === 'read');
const readWriteRoutes = routes.filter((route) => route.data === 'read-write');

describe('StudioApiStack', () => {
  describe('size', () => {
    it("writes each function's grants into its role, so the stack stays under CloudFormation's 500 resources", () => {
      // prepare
      const functionRoles = new Set(
        Object.values(resources('AWS::Lambda::Function')).map((fn) => fn.Properties.Role['Fn::GetAtt'][0] as string),
      );

      // act
      const attachedToFunctionRoles = Object.values(resources('AWS::IAM::Policy')).filter((policy) =>
        policy.Properties.Roles.some((role: { Ref?: string }) => role.Ref && functionRoles.has(role.Ref)),
      );

      // assess
      expect(attachedToFunctionRoles).toEqual([]);
      for (const stack of stacksOf(studioApiStack().stack))
        expect(Object.keys(Template.fromStack(stack).toJSON().Resources).length, stack.node.path).toBeLessThan(300);
    });
  });

  describe('routing', () => {
    it('gives every route in the route table exactly one API route and a function of its own', () => {
      // prepare
      const expectedFunctionCount = routes.length + 1 + backgroundFunctions.length; // plus not-found and the webhook functions

      // act
      const wiring = routes.map((route) => ({
        name: route.name,
        apiRoutes: apiRoutesWithKey(routeKey(route)).length,
        functionId: functionIdOf(route),
      }));

      // assess
      for (const { name, apiRoutes, functionId } of wiring) {
        expect(apiRoutes, name).toBe(1);
        expect(functionId, name).toMatch(logicalIdPattern(name));
      }
      expect(new Set(wiring.map(({ functionId }) => functionId)).size).toBe(routes.length);
      template.resourceCountIs('AWS::Lambda::Function', expectedFunctionCount);
    });

    it('passes the table name to every route function that uses the table', () => {
      // prepare
      const tableRef = { Ref: tableId() };

      // act
      const environments = tableRoutes.map(
        (route) => resource('AWS::Lambda::Function', functionIdOf(route)).Properties.Environment,
      );

      // assess
      for (const environment of environments) expect(environment.Variables.TABLE_NAME).toEqual(tableRef);
    });

    it('answers unknown routes through the $default route with the not-found function', () => {
      // prepare
      const defaultRoutes = apiRoutesWithKey('$default');

      // act
      const functionIds = defaultRoutes.map(functionIdBehind);

      // assess
      expect(functionIds).toHaveLength(1);
      expect(functionIds[0]).toMatch(logicalIdPattern(fallbackRoute.name));
      expect(routes.map(functionIdOf)).not.toContain(functionIds[0]);
    });
  });

  describe('table', () => {
    it('is an on-demand, point-in-time-recoverable, deletion-protected table that CloudFormation retains', () => {
      // prepare
      const expectedIndexes = tableDesign.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      }));

      // act
      const table = resource('AWS::DynamoDB::GlobalTable', tableId());

      // assess
      template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.UpdateReplacePolicy).toBe('Retain');
      expect(table.Properties).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
        ],
        TimeToLiveSpecification: { AttributeName: tableDesign.timeToLiveAttribute, Enabled: true },
        GlobalSecondaryIndexes: expectedIndexes,
        Replicas: [
          {
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          },
        ],
      });
      expect(table.Properties.GlobalSecondaryIndexes).toHaveLength(4);
      expect(
        table.Properties.AttributeDefinitions.every((a: { AttributeType: string }) => a.AttributeType === 'S'),
      ).toBe(true);
    });
  });

  describe('contract sealing key', () => {
    // The webhook secrets have a key of their own (test/infra/events-infra.test.ts).
    const sealingKeys = () =>
      Object.fromEntries(
        Object.entries(resources('AWS::KMS::Key')).filter(([id]) => id.startsWith(constructId('contract-sealing-key'))),
      );
    it('is an asymmetric P-256 signing key in KMS that CloudFormation retains', () => {
      // act
      const keys = Object.values(sealingKeys());

      // assess
      expect(keys).toHaveLength(1);
      expect(keys[0]?.Properties).toMatchObject({ KeySpec: 'ECC_NIST_P256', KeyUsage: 'SIGN_VERIFY' });
      expect(keys[0]?.DeletionPolicy).toBe('Retain');
    });

    /** The key policy's statements, each with its principals' logical ids (or `root`) and its actions. */
    const keyStatements = () => {
      const [key] = Object.values(sealingKeys());
      if (!key) throw new Error('No sealing key');
      return (key.Properties.KeyPolicy.Statement as Record<string, any>[]).map((statement) => ({
        principals: [statement.Principal.AWS]
          .flat()
          .map((principal: any) => (principal['Fn::GetAtt'] ? principal['Fn::GetAtt'][0] : 'root')),
        actions: [statement.Action].flat() as string[],
      }));
    };
    const roleIdOf = (functionId: string): string =>
      resource('AWS::Lambda::Function', functionId).Properties.Role['Fn::GetAtt'][0];
    const table: readonly RouteDefinition[] = routes;

    it('may be used to seal only by the signing functions and to verify only by the verify function', () => {
      // prepare
      const background: readonly AreaBackgroundFunction[] = backgroundFunctions;
      const backgroundSigners = background
        .filter((fn) => fn.sealing === 'sign')
        .map((fn) => roleIdOf(backgroundFunctionIdOf(fn.name)));
      const signers = [
        ...table.filter((route) => route.sealing === 'sign').map((route) => roleIdOf(functionIdOf(route))),
        ...backgroundSigners,
      ];
      const verifiers = table
        .filter((route) => route.sealing === 'verify')
        .map((route) => roleIdOf(functionIdOf(route)));

      // act
      const statements = keyStatements();
      const whoMay = (action: string) =>
        statements.filter((statement) => statement.actions.includes(action)).flatMap((s) => s.principals);

      // assess
      expect(signers).toContain(roleIdOf(functionIdOf({ method: 'POST', path: '/api/contracts/{id}/signatures' })));
      // The stream's renderer seals the originals it stores.
      expect(backgroundSigners).toEqual([roleIdOf(backgroundFunctionIdOf('documents-render'))]);
      expect(whoMay('kms:Sign').sort()).toEqual([...signers].sort());
      expect(whoMay('kms:Verify')).toEqual(verifiers);
      expect(verifiers).toEqual([roleIdOf(functionIdOf({ method: 'GET', path: '/api/contracts/{id}/verification' }))]);
      // No function's own IAM policy names the key: the key policy alone decides. (The originals bucket's own
      // key is granted in IAM policies: test/infra/documents-bucket.test.ts.)
      const [sealingKeyId] = Object.keys(sealingKeys());
      for (const route of table) {
        expect(statementsNaming(functionIdOf(route), sealingKeyId as string), route.name).toEqual([]);
        expect(actionsOf(functionIdOf(route), 'kms'), route.name).not.toContain('kms:Sign');
      }
      for (const route of table.filter((candidate) => candidate.sealing)) {
        const variables = resource('AWS::Lambda::Function', functionIdOf(route)).Properties.Environment.Variables;
        expect(variables.SEAL_KMS_KEY_ARN, route.name).toBeDefined();
      }
    });

    it('lets the account administer the key, never use it or hand it out', () => {
      // act
      const account = keyStatements().filter((statement) => statement.principals.includes('root'));

      // assess
      expect(account).toHaveLength(1);
      expect(account[0]?.actions).toEqual([...sealingKeyAdministration]);
      // Still manageable: the account can change the policy and schedule deletion.
      expect(account[0]?.actions).toEqual(expect.arrayContaining(['kms:PutKeyPolicy', 'kms:ScheduleKeyDeletion']));
      for (const forbidden of ['kms:*', 'kms:Sign', 'kms:Verify', 'kms:CreateGrant', 'kms:Encrypt', 'kms:Decrypt'])
        expect(account[0]?.actions, forbidden).not.toContain(forbidden);
      expect(account[0]?.actions.some((action) => action.includes('*'))).toBe(false);
    });
  });

  describe('access control', () => {
    const table: readonly RouteDefinition[] = routes;
    const protectedRoutes = table.filter((route) => route.roles !== 'public');
    const publicRoutes = table.filter((route) => route.roles === 'public');

    const onlyResource = (type: string): Resource => {
      const found = Object.values(resources(type));
      expect(found, type).toHaveLength(1);
      return found[0] as Resource;
    };

    const onlyId = (type: string): string => {
      const [id, ...others] = Object.keys(resources(type));
      if (!id || others.length) throw new Error(`Expected exactly one ${type}`);
      return id;
    };

    it('puts the JWT authorizer on every route but the public ones and $default', () => {
      // prepare
      const authorizerRef = { Ref: onlyId('AWS::ApiGatewayV2::Authorizer') };

      // act
      const protectedApiRoutes = protectedRoutes.map((route) => ({
        key: routeKey(route),
        apiRoute: apiRoutesWithKey(routeKey(route))[0],
      }));
      const openApiRoutes = [...publicRoutes.map((route) => routeKey(route)), '$default'].map((key) => ({
        key,
        apiRoute: apiRoutesWithKey(key)[0],
      }));

      // assess
      expect(protectedRoutes.length).toBeGreaterThan(0);
      for (const { key, apiRoute } of protectedApiRoutes) {
        expect(apiRoute?.Properties, key).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: authorizerRef });
      }
      for (const { key, apiRoute } of openApiRoutes) {
        expect(apiRoute?.Properties.AuthorizationType ?? 'NONE', key).toBe('NONE');
        expect(apiRoute?.Properties.AuthorizerId, key).toBeUndefined();
      }
    });

    it("checks tokens of the stack's user pool and app client from the Authorization header", () => {
      // prepare
      const poolRef = { Ref: onlyId('AWS::Cognito::UserPool') };
      const clientRef = { Ref: onlyId('AWS::Cognito::UserPoolClient') };

      // act
      const authorizer = onlyResource('AWS::ApiGatewayV2::Authorizer');

      // assess
      expect(authorizer.Properties).toMatchObject({
        AuthorizerType: 'JWT',
        IdentitySource: ['$request.header.Authorization'],
        JwtConfiguration: {
          Audience: [clientRef],
          Issuer: { 'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', poolRef]] },
        },
      });
    });

    it('trusts another OIDC issuer and its audiences when the context names them', () => {
      // prepare
      const context = {
        [jwtIssuerContextKey]: 'https://login.example.com/realms/studio',
        [jwtAudienceContextKey]: 'studio-web, studio-app',
      };

      // act
      const overridden = synthesize(context).findResources('AWS::ApiGatewayV2::Authorizer');

      // assess
      expect(Object.values(overridden).map((authorizer) => authorizer.Properties.JwtConfiguration)).toEqual([
        { Issuer: 'https://login.example.com/realms/studio', Audience: ['studio-web', 'studio-app'] },
      ]);
      expect(() => synthesize({ [jwtIssuerContextKey]: 'https://login.example.com' })).toThrow(/jwtAudience/);
    });

    it('has a retained user pool without self sign-up, email sign-in, a strong password policy and optional TOTP', () => {
      // act
      const pool = onlyResource('AWS::Cognito::UserPool');

      // assess
      expect(pool.DeletionPolicy).toBe('Retain');
      expect(pool.UpdateReplacePolicy).toBe('Retain');
      expect(pool.Properties).toMatchObject({
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        UsernameAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        Policies: {
          PasswordPolicy: {
            MinimumLength: 12,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          },
        },
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        DeletionProtection: 'ACTIVE',
      });
    });

    it("has one group per role of the route table and a secretless SRP app client in the stack's pool", () => {
      // prepare
      const poolRef = { Ref: onlyId('AWS::Cognito::UserPool') };

      // act
      const groups = Object.values(resources('AWS::Cognito::UserPoolGroup')).map((group) => group.Properties);
      const client = onlyResource('AWS::Cognito::UserPoolClient');

      // assess
      expect(groups.map((group) => group.GroupName).sort()).toEqual([...roleNames].sort());
      for (const group of groups) expect(group.UserPoolId).toEqual(poolRef);
      expect(client.Properties).toMatchObject({
        UserPoolId: poolRef,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        AllowedOAuthFlowsUserPoolClient: false,
        PreventUserExistenceErrors: 'ENABLED',
      });
    });

    it('outputs the user pool and client ids a front end and an operator need', () => {
      // act
      const outputs = template.toJSON().Outputs;

      // assess
      expect(outputs.UserPoolId.Value).toEqual({ Ref: onlyId('AWS::Cognito::UserPool') });
      expect(outputs.UserPoolClientId.Value).toEqual({ Ref: onlyId('AWS::Cognito::UserPoolClient') });
    });
  });

  describe('permissions', () => {
    it('lets read routes GetItem and Query, nothing else', () => {
      // act
      const actions = readRoutes.map((route) => ({ name: route.name, granted: dynamoActionsOf(functionIdOf(route)) }));

      // assess
      expect(readRoutes.length).toBeGreaterThan(0);
      for (const { name, granted } of actions)
        expect(granted.sort(), name).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    });

    it('lets read-write routes write in transactions, and delete only where the route deletes', () => {
      // act
      const actions = readWriteRoutes.map((route) => ({
        route,
        granted: dynamoActionsOf(functionIdOf(route)),
      }));

      // assess
      expect(readWriteRoutes.length).toBeGreaterThan(0);
      for (const { route, granted } of actions) {
        const expected = ['dynamodb:GetItem', 'dynamodb:Query', ...transactionActions];
        if (deletesItems(route)) expected.push('dynamodb:DeleteItem');
        expect(granted.sort(), route.name).toEqual(expected.sort());
      }
      const contactsDelete = actions.find(({ route }) => route.name === 'contacts-delete');
      const contactsReplace = actions.find(({ route }) => route.name === 'contacts-replace');
      expect(contactsDelete?.granted).toContain('dynamodb:DeleteItem');
      expect(contactsReplace?.granted).not.toContain('dynamodb:DeleteItem');
    });

    it('grants no function Scan, batch writes or any DynamoDB wildcard', () => {
      // act
      const granted = [...routes.map(functionIdOf), functionIdBehind(apiRoutesWithKey('$default')[0] as Resource)]
        .flatMap(dynamoActionsOf)
        .filter((action, index, all) => all.indexOf(action) === index);

      // assess
      expect(granted.length).toBeGreaterThan(0);
      for (const action of ['dynamodb:Scan', 'dynamodb:BatchWriteItem', 'dynamodb:*'])
        expect(granted).not.toContain(action);
      expect(granted.some((action) => action.includes('*'))).toBe(false);
    });

    it('lets only Query reach the indexes; item actions name the table alone', () => {
      // prepare
      const statements = allStatements(template);

      // act
      const onIndexes = statements
        .filter((statement) => JSON.stringify(statement.Resource).includes('/index/*'))
        .flatMap((statement) => [statement.Action].flat());

      // assess
      expect(onIndexes.length).toBeGreaterThan(0);
      expect(new Set(onIndexes)).toEqual(new Set(['dynamodb:Query']));
    });

    it('gives the not-found function no DynamoDB permissions and no table name', () => {
      // prepare
      const [defaultRoute] = apiRoutesWithKey('$default');
      if (!defaultRoute) throw new Error('No $default route');
      const functionId = functionIdBehind(defaultRoute);

      // act
      const actions = dynamoActionsOf(functionId);
      const environment = resource('AWS::Lambda::Function', functionId).Properties.Environment;

      // assess
      expect(actions).toEqual([]);
      expect(environment).toBeUndefined();
    });

    it('gives the routes without data (the API docs) no DynamoDB permissions and no table name', () => {
      // prepare
      const functionIds = routesWithoutData.map(functionIdOf);

      // act
      const granted = functionIds.map((id) => ({
        actions: dynamoActionsOf(id),
        environment: resource('AWS::Lambda::Function', id).Properties.Environment,
      }));

      // assess
      expect(routesWithoutData.length).toBeGreaterThan(0);
      for (const { actions, environment } of granted) {
        expect(actions).toEqual([]);
        expect(environment).toBeUndefined();
      }
    });
  });

  describe('throttling', () => {
    const table: readonly RouteDefinition[] = routes;
    const publicKeys = [...table.filter((route) => route.roles === 'public').map(routeKey), '$default'];

    it('gives every public route and $default a throttle of its own, below the stage’s', () => {
      // prepare
      const [stage] = Object.values(resources('AWS::ApiGatewayV2::Stage'));
      const dependsOn = (template.toJSON().Resources as Record<string, { DependsOn?: string[] }>)[
        Object.keys(resources('AWS::ApiGatewayV2::Stage'))[0] as string
      ]?.DependsOn;

      // act
      const settings = stage?.Properties.RouteSettings as Record<string, Record<string, number>>;

      // assess
      expect(publicKeys).toEqual(expect.arrayContaining(['GET /api/openapi.json', 'GET /api/docs', '$default']));
      expect(Object.keys(settings).sort()).toEqual([...publicKeys].sort());
      for (const key of publicKeys) {
        expect(settings[key], key).toEqual({
          ThrottlingRateLimit: publicRouteThrottle.rateLimit,
          ThrottlingBurstLimit: publicRouteThrottle.burstLimit,
        });
      }
      expect(publicRouteThrottle.rateLimit).toBeLessThan(defaultThrottle.rateLimit);
      expect(publicRouteThrottle.burstLimit).toBeLessThan(defaultThrottle.burstLimit);
      expect(stage?.Properties.DefaultRouteSettings).toEqual({
        ThrottlingRateLimit: defaultThrottle.rateLimit,
        ThrottlingBurstLimit: defaultThrottle.burstLimit,
      });
      // The settings name routes, so the stage is deployed after them.
      const routeIds = Object.entries(resources('AWS::ApiGatewayV2::Route'))
        .filter(([, route]) => publicKeys.includes(route.Properties.RouteKey))
        .map(([id]) => id);
      expect(dependsOn).toEqual(expect.arrayContaining(routeIds));
    });

    it('never lets a public route exceed a lower stage limit the operator sets', () => {
      // act
      const [stage] = Object.values(
        synthesize({ throttleRate: '5', throttleBurst: '8' }).findResources('AWS::ApiGatewayV2::Stage'),
      );

      // assess
      expect(stage?.Properties.RouteSettings.$default).toEqual({ ThrottlingRateLimit: 5, ThrottlingBurstLimit: 8 });
    });
  });

  describe('functions', () => {
    it('sends every function to its own log group with a retention period', () => {
      // prepare
      const functions = Object.values(resources('AWS::Lambda::Function'));

      // act
      const logGroupIds: string[] = functions.map((fn) => fn.Properties.LoggingConfig?.LogGroup?.Ref);

      // assess
      expect(new Set(logGroupIds).size).toBe(functions.length);
      for (const id of logGroupIds) {
        expect(resource('AWS::Logs::LogGroup', id).Properties.RetentionInDays).toBe(RetentionDays.ONE_MONTH);
      }
    });

    it('traces every function with X-Ray and ships its source map, applied by Node when the context asks', () => {
      // act
      const functions = Object.values(resources('AWS::Lambda::Function'));
      const mapped = Object.values(
        synthesize({ [enableSourceMapsContextKey]: 'true' }).findResources('AWS::Lambda::Function'),
      );

      // assess
      expect(functions).toHaveLength(routes.length + 1 + backgroundFunctions.length);
      for (const fn of functions) {
        expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
        expect(fn.Properties.Environment?.Variables?.NODE_OPTIONS).toBeUndefined();
      }
      for (const fn of mapped) expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(mapped).toHaveLength(functions.length);
      expect(nodejsBundling()).toMatchObject({ sourceMap: true, sourcesContent: false });
      expect(esbuildOptions).toMatchObject({ sourcemap: true, sourcesContent: false });
    });

    it('runs every function on the arm64 Node.js 24 runtime', () => {
      // prepare
      const expected = Match.objectLike({ Runtime: 'nodejs24.x', Architectures: ['arm64'] });

      // act
      const functions = Object.values(resources('AWS::Lambda::Function'));

      // assess
      expect(functions).toHaveLength(routes.length + 1 + backgroundFunctions.length);
      template.allResourcesProperties('AWS::Lambda::Function', expected);
    });
  });
  describe("the customer's copy by mail", () => {
    const mailers: readonly RouteDefinition[] = routes.filter((route: RouteDefinition) => route.sendsMail);
    const sesStatementsOf = (source: Template, functionId: string) => {
      return statementsOfFunction(source, functionId).filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('ses:')),
      );
    };

    it('lets only the mail-sending functions use SES, and only from the configured address', () => {
      // prepare
      const custom = synthesize({ mailFrom: 'vertraege@yoga-mitte.example' });

      // act
      const [mailer] = mailers;
      const mailerId = functionIdOf(mailer as RouteDefinition);
      const customMailerId = Object.keys(custom.findResources('AWS::Lambda::Function')).find(
        (id) => id === mailerId,
      ) as string;
      const [statement] = sesStatementsOf(custom, customMailerId);

      // assess
      expect(mailers.map((route) => route.name)).toEqual(['contracts-send-copy', 'signing-sessions-open']);
      for (const route of routes.filter((candidate: RouteDefinition) => !candidate.sendsMail)) {
        expect(actionsOf(functionIdOf(route), 'ses'), route.name).toEqual([]);
      }
      expect(statement?.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'vertraege@yoga-mitte.example' } });
      expect(JSON.stringify(statement?.Resource)).toContain('identity/vertraege@yoga-mitte.example');
      expect(JSON.stringify(statement?.Resource)).toContain('identity/yoga-mitte.example');
      const variables = (custom.findResources('AWS::Lambda::Function')[customMailerId] as Resource).Properties
        .Environment.Variables;
      expect(variables).toMatchObject({ MAIL_TRANSPORT: 'ses', MAIL_FROM: 'vertraege@yoga-mitte.example' });
    });
  });
});
