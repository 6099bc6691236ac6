import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { localized } from '../messages/index.ts';
import type { Role, RouteDefinition } from '../routes.ts';
import { parseGroupsClaim } from './parse-groups-claim.ts';
import { Problem } from './problem.ts';

/** Who is calling: the token's subject and the API roles among its groups. */
export interface Caller {
  readonly sub: string;
  readonly groups: readonly Role[];
}

/** The caller of a public route that was called without a token. */
export const anonymousCaller: Caller = Object.freeze({ sub: '', groups: Object.freeze([]) });

/** Where middy hands the caller to the endpoint: on the context, like middy's own `setToContext` middlewares. */
export interface CallerContext {
  caller: Caller;
}

interface JwtRequestContext {
  authorizer?: { jwt?: { claims?: Record<string, unknown> } };
}

// The JWT authorizer (API Gateway in AWS, the local server at home) has already
// checked signature, issuer, audience and expiry; here only the role is decided.
const claimsOf = (event: APIGatewayProxyEventV2): Record<string, unknown> | undefined =>
  (event.requestContext as JwtRequestContext | undefined)?.authorizer?.jwt?.claims;

/**
 * The caller of a request, or a 403 when the route needs a role the token does
 * not carry. A protected route without authorizer claims (a route deployed
 * without the authorizer) is refused too: the check fails closed.
 */
export const authorizeCaller = (event: APIGatewayProxyEventV2, roles: RouteDefinition['roles']): Caller => {
  const claims = claimsOf(event);
  const sub = claims?.sub;
  if (roles === 'public') {
    return typeof sub === 'string' ? { sub, groups: parseGroupsClaim(claims?.['cognito:groups']) } : anonymousCaller;
  }
  const groups = parseGroupsClaim(claims?.['cognito:groups']);
  if (typeof sub !== 'string' || sub === '' || !groups.some((group) => roles.includes(group))) {
    throw new Problem('forbidden', localized('http.requiresRole', roles));
  }
  return { sub, groups };
};
