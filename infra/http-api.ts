import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  type CorsPreflightOptions,
  type HttpApi,
  type HttpStage,
  LogGroupLogDestination,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import {
  corsAllowedHeaders,
  corsAllowedMethods,
  corsExposedHeaders,
  corsMaxAgeSeconds,
  corsOriginsContextKey,
  parseCorsOrigins,
} from './cors.ts';

/**
 * What the HTTP API does before any function runs: CORS preflights, throttling
 * and access logs. Each is set by the operator through the CDK context
 * (`cdk deploy -c corsOrigins=https://studio.example.com -c throttleRate=20`).
 */

export { corsOriginsContextKey };
export const throttleRateContextKey = 'throttleRate';
export const throttleBurstContextKey = 'throttleBurst';

/** A studio's front desk and tablets make a few requests a second; 50/s with bursts of 100 is far above that. */
export const defaultThrottle = { rateLimit: 50, burstLimit: 100 } as const satisfies Required<ThrottleSettings>;

/** CORS for the origins named in the context, or none at all (see infra/cors.ts). */
export const corsPreflight = (scope: Construct): CorsPreflightOptions | undefined => {
  const origins = parseCorsOrigins(scope.node.tryGetContext(corsOriginsContextKey));
  if (!origins) return undefined;
  return {
    allowOrigins: origins,
    allowMethods: corsAllowedMethods.map((method) => CorsHttpMethod[method]),
    allowHeaders: [...corsAllowedHeaders],
    exposeHeaders: [...corsExposedHeaders],
    allowCredentials: false,
    maxAge: Duration.seconds(corsMaxAgeSeconds),
  };
};

const positiveNumber = (scope: Construct, key: string, fallback: number): number => {
  const value = scope.node.tryGetContext(key) as string | number | undefined;
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`${key} must be a positive whole number, not "${value}"`);
  return number;
};

/** Stage-wide limits: past them API Gateway answers 429 before a function or the table is billed. */
export const throttleSettings = (scope: Construct): Required<ThrottleSettings> => ({
  rateLimit: positiveNumber(scope, throttleRateContextKey, defaultThrottle.rateLimit),
  burstLimit: positiveNumber(scope, throttleBurstContextKey, defaultThrottle.burstLimit),
});

// One JSON line per request; `requestId` is the X-Request-Id our functions answer and log.
const accessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    requestTime: '$context.requestTime',
    sourceIp: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    method: '$context.httpMethod',
    path: '$context.path',
    routeKey: '$context.routeKey',
    status: '$context.status',
    responseLength: '$context.responseLength',
    responseLatency: '$context.responseLatency',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
    authorizerError: '$context.authorizer.error',
    error: '$context.error.message',
  }),
);

/**
 * The `$default` stage, made here rather than by `HttpApi` because the stage
 * it makes takes neither throttling nor access logs. Access logs hold client
 * IP addresses, so they are kept as briefly as the function logs.
 */
export const addDefaultStage = (api: HttpApi): HttpStage => {
  const accessLogs = new LogGroup(api, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
  return api.addStage('DefaultStage', {
    stageName: '$default',
    autoDeploy: true,
    throttle: throttleSettings(api),
    accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: accessLogFormat },
  });
};
