import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Construct } from 'constructs';

/** `cdk deploy -c publicOrigin=https://vertraege.studio.example`: the origin customers reach the API at, behind a custom domain. */
export const publicOriginContextKey = 'publicOrigin';

/**
 * The functions' `PUBLIC_ORIGIN` (shared/signing/public-origin.ts): the signing link and the „Vertrag widerrufen“ page
 * the Belehrung names on the signing page and in the signed original. The context value when set, else the HttpApi's
 * own endpoint: a function depending on the API is no cycle, since the API itself references no function (its routes
 * and integrations do, as resources of their own).
 */
export const publicOriginEnvironment = (scope: Construct, api: IHttpApi): { PUBLIC_ORIGIN: string } => ({
  PUBLIC_ORIGIN: (scope.node.tryGetContext(publicOriginContextKey) as string | undefined) ?? api.apiEndpoint,
});
