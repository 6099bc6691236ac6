import { Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { deliveryFunctionTimeout } from '#infra/events.ts';
import {
  corsOriginsContextKey,
  defaultThrottle,
  throttleBurstContextKey,
  throttleRateContextKey,
} from '#infra/http-api.ts';
import { alarmEmailContextKey, watchedTableOperations } from '#infra/monitoring.ts';
import { type AreaBackgroundFunction, backgroundFunctions, type RouteDefinition, routes } from '#shared/routes.ts';
import { flatTemplate, studioApiStack } from '../support/cdk-app.ts';
import { statementsOfRole } from '../support/iam.ts';

type Resource = { Type: string; Properties: Record<string, any> };
type MetricRead = { namespace: string; metricName: string; dimensions: Record<string, unknown> };

const synthesize = (extraContext: Record<string, unknown> = {}): Template =>
  flatTemplate(studioApiStack(extraContext).stack);

// Synthesis is the slow part and the template is read-only, so the tests without context share one.
const template = synthesize();

const resourcesOf = (source: Template, type: string): Resource[] =>
  Object.values(source.findResources(type)) as Resource[];

const onlyResource = (source: Template, type: string): Resource => {
  const found = resourcesOf(source, type);
  expect(found, type).toHaveLength(1);
  return found[0] as Resource;
};

const logicalIdsOf = (type: string): string[] => Object.keys(template.findResources(type));

/** The metrics an alarm reads, whether it watches one metric or a math expression over several. */
const metricsReadBy = (alarm: Resource): MetricRead[] => {
  const dimensionsOf = (dimensions: { Name: string; Value: unknown }[] = []) =>
    Object.fromEntries(dimensions.map(({ Name, Value }) => [Name, Value]));
  const { Metrics, Namespace, MetricName, Dimensions } = alarm.Properties;
  if (!Metrics) return [{ namespace: Namespace, metricName: MetricName, dimensions: dimensionsOf(Dimensions) }];
  return Metrics.filter((query: any) => query.MetricStat).map(({ MetricStat: { Metric } }: any) => ({
    namespace: Metric.Namespace,
    metricName: Metric.MetricName,
    dimensions: dimensionsOf(Metric.Dimensions),
  }));
};

const alarms = resourcesOf(template, 'AWS::CloudWatch::Alarm');
const alarmsReading = (namespace: string, metricName: string): Resource[] =>
  alarms.filter((alarm) =>
    metricsReadBy(alarm).some((metric) => metric.namespace === namespace && metric.metricName === metricName),
  );

describe('operations', () => {
  describe('CORS', () => {
    it('answers no browser on another origin when the context names none', () => {
      // act
      const api = onlyResource(template, 'AWS::ApiGatewayV2::Api');

      // assess
      expect(api.Properties.CorsConfiguration).toBeUndefined();
    });

    it('lets exactly the origins from the context call with our methods and headers, and read ours', () => {
      // prepare
      const context = { [corsOriginsContextKey]: 'https://studio.example.com, http://localhost:5173' };

      // act
      const api = onlyResource(synthesize(context), 'AWS::ApiGatewayV2::Api');

      // assess
      expect(api.Properties.CorsConfiguration).toEqual({
        AllowOrigins: ['https://studio.example.com', 'http://localhost:5173'],
        AllowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
        AllowHeaders: ['Authorization', 'Content-Type', 'If-Match', 'Idempotency-Key'],
        ExposeHeaders: ['ETag', 'Location', 'X-Request-Id', 'Idempotent-Replayed', 'Retry-After'],
        AllowCredentials: false,
        MaxAge: 3600,
      });
    });

    it('refuses a context value that no browser would send as its origin', () => {
      // act
      const withSlash = () => synthesize({ [corsOriginsContextKey]: 'https://studio.example.com/' });
      const wildcard = () => synthesize({ [corsOriginsContextKey]: '*' });
      const empty = () => synthesize({ [corsOriginsContextKey]: ' , ' });

      // assess
      expect(withSlash).toThrow(/not an origin/);
      expect(wildcard).toThrow(/not an origin/);
      expect(empty).toThrow(/names no origin/);
    });
  });

  describe('default stage', () => {
    it('throttles the whole API to 50 requests a second with bursts of 100 unless the context says otherwise', () => {
      // act
      const stage = onlyResource(template, 'AWS::ApiGatewayV2::Stage');

      // assess
      expect(defaultThrottle).toEqual({ rateLimit: 50, burstLimit: 100 });
      expect(stage.Properties).toMatchObject({
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      });
    });

    it('takes the rate and the burst from the context, as `cdk deploy -c` passes them', () => {
      // prepare
      const context = { [throttleRateContextKey]: '20', [throttleBurstContextKey]: '40' };

      // act
      const stage = onlyResource(synthesize(context), 'AWS::ApiGatewayV2::Stage');

      // assess
      expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 });
      expect(() => synthesize({ [throttleRateContextKey]: 'fast' })).toThrow(/throttleRate/);
      expect(() => synthesize({ [throttleBurstContextKey]: '0' })).toThrow(/throttleBurst/);
    });

    it('writes a JSON access log line per request, with the request id, to a log group with a retention period', () => {
      // act
      const { AccessLogSettings } = onlyResource(template, 'AWS::ApiGatewayV2::Stage').Properties;
      const [logGroupId] = AccessLogSettings.DestinationArn['Fn::GetAtt'];
      const logGroup = template.toJSON().Resources[logGroupId] as Resource;

      // assess
      expect(logGroup.Type).toBe('AWS::Logs::LogGroup');
      expect(logGroup.Properties.RetentionInDays).toBeGreaterThan(0);
      expect(JSON.parse(AccessLogSettings.Format)).toMatchObject({
        requestId: '$context.requestId',
        status: '$context.status',
        routeKey: '$context.routeKey',
      });
    });
  });

  describe('alarms', () => {
    it('raises an alarm on the first 5xx the API answers', () => {
      // act
      const [alarm, ...others] = alarmsReading('AWS/ApiGateway', '5xx');

      // assess
      expect(others).toEqual([]);
      expect(metricsReadBy(alarm as Resource)).toEqual([
        {
          namespace: 'AWS/ApiGateway',
          metricName: '5xx',
          dimensions: { ApiId: { Ref: logicalIdsOf('AWS::ApiGatewayV2::Api')[0] } },
        },
      ]);
      expect(alarm?.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    });

    it.each(['Errors', 'Throttles'])('watches the %s of every function, at most ten to an alarm', (metricName) => {
      // prepare
      const functionRefs = logicalIdsOf('AWS::Lambda::Function').map((id) => ({ Ref: id }));

      // act
      const watching = alarmsReading('AWS/Lambda', metricName);
      const watched = watching.flatMap(metricsReadBy).map((metric) => metric.dimensions.FunctionName);

      // assess
      expect(watched).toHaveLength(functionRefs.length);
      expect(watched).toEqual(expect.arrayContaining(functionRefs));
      for (const alarm of watching) {
        // CloudWatch refuses a metric-math alarm that reads more than 10 metrics.
        expect(metricsReadBy(alarm).length).toBeLessThanOrEqual(10);
        expect(alarm.Properties.Metrics[0].Expression).toMatch(/^SUM\(FILL\(\[m0(, m\d+)*\], 0\)\)$/);
      }
    });

    it("watches DynamoDB's system errors on every operation the API sends to the table", () => {
      // prepare
      const tableRef = { Ref: logicalIdsOf('AWS::DynamoDB::GlobalTable')[0] };

      // act
      const [alarm, ...others] = alarmsReading('AWS/DynamoDB', 'SystemErrors');
      const dimensions = metricsReadBy(alarm as Resource).map((metric) => metric.dimensions);

      // assess
      expect(others).toEqual([]);
      expect(dimensions).toEqual(
        watchedTableOperations.map((operation) => ({ TableName: tableRef, Operation: operation })),
      );
    });

    it('tells the alarm topic when an alarm starts and when it is over, and mails no one unless asked', () => {
      // prepare
      const topicRef = { Ref: logicalIdsOf('AWS::SNS::Topic')[0] };

      // act
      const actions = alarms.map(({ Properties }) => [Properties.AlarmActions, Properties.OKActions]);

      // assess
      expect(alarms.length).toBeGreaterThanOrEqual(4);
      for (const [alarmActions, okActions] of actions) {
        expect(alarmActions).toEqual([topicRef]);
        expect(okActions).toEqual([topicRef]);
      }
      template.resourceCountIs('AWS::SNS::Subscription', 0);
    });

    it('refuses to synthesize a stack with a function that no alarm watches', () => {
      // prepare
      const { stack } = studioApiStack();
      new LambdaFunction(stack, 'AddedAfterTheAlarms', {
        code: Code.fromInline('export const handler = async () => {};'),
        handler: 'index.handler',
        runtime: Runtime.NODEJS_24_X,
      });

      // act
      const synthesizing = () => Template.fromStack(stack);

      // assess
      expect(synthesizing).toThrow(/StudioAlarms after every function/);
    });

    it('mails the alarms to the address in the context', () => {
      // act
      const withEmail = synthesize({ [alarmEmailContextKey]: 'owner@studio.example.com' });

      // assess
      expect(onlyResource(withEmail, 'AWS::SNS::Subscription').Properties).toMatchObject({
        Protocol: 'email',
        Endpoint: 'owner@studio.example.com',
      });
      expect(() => synthesize({ [alarmEmailContextKey]: 'owner' })).toThrow(/alarmEmail/);
    });
  });

  describe('functions', () => {
    it('gives every function 10 s (the webhook delivery function, background functions and routes that say so their own, routes below API Gateway’s 30 s) and 512 MB, and a role that writes only its own log group', () => {
      // prepare
      const functions = resourcesOf(template, 'AWS::Lambda::Function');

      // act
      const logging = functions.map(({ Properties }) => {
        const roleId = Properties.Role['Fn::GetAtt'][0];
        const statements = statementsOfRole(template, roleId).filter((statement) =>
          [statement.Action].flat().some((action: string) => action.startsWith('logs:')),
        );
        return { Properties, role: template.toJSON().Resources[roleId] as Resource, statements };
      });

      // assess
      const deliveryTimeout = deliveryFunctionTimeout.toSeconds();
      const ownTimeouts = routes.flatMap((route: RouteDefinition) =>
        route.timeoutSeconds ? [route.timeoutSeconds] : [],
      );
      expect(logging.filter(({ Properties }) => Properties.Timeout === deliveryTimeout)).toHaveLength(1);
      expect(ownTimeouts.every((seconds) => seconds < 30)).toBe(true);
      const background: readonly AreaBackgroundFunction[] = backgroundFunctions;
      const backgroundTimeouts = background.flatMap((fn) => (fn.timeoutSeconds ? [fn.timeoutSeconds] : []));
      for (const { Properties, role, statements } of logging) {
        expect(Properties).toMatchObject({ MemorySize: 512 });
        expect([10, deliveryTimeout, ...ownTimeouts, ...backgroundTimeouts]).toContain(Properties.Timeout);
        expect(role.Properties.ManagedPolicyArns).toBeUndefined();
        expect(statements).toEqual([
          {
            Effect: 'Allow',
            Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            Resource: { 'Fn::GetAtt': [Properties.LoggingConfig.LogGroup.Ref, 'Arn'] },
          },
        ]);
      }
    });
  });
});
