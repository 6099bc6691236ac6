import { errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { localAudience, localIssuer } from './local-tokens.ts';
import type { SigningKey } from './signing-key.ts';

/** The authorizer's settings, as `JwtConfiguration` of an `AWS::ApiGatewayV2::Authorizer`. */
export interface JwtConfiguration {
  issuer: string;
  audience: readonly string[];
}

export type AuthorizerDecision =
  | { authorized: true; claims: Record<string, string> }
  /** `challenge` is the `www-authenticate` header API Gateway sends with the 401, if any. */
  | { authorized: false; challenge: string | undefined };

/**
 * How API Gateway passes claims to the function: every value a string, an
 * array as Go prints it (`["owner","staff"]` → `[owner staff]`), numbers and
 * booleans as their text (`"exp": "1763810100"`, `"email_verified": "true"`).
 * Objects and null are rendered by the same analogy (`map[k:v]`, `<nil>`); our
 * tokens carry none.
 */
export const renderClaim = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(renderClaim).join(' ')}]`;
  if (value === null) return '<nil>';
  if (typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${entries.map(([name, item]) => `${name}:${renderClaim(item)}`).join(' ')}]`;
  }
  return String(value);
};

export const renderClaims = (payload: JWTPayload): Record<string, string> =>
  Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, renderClaim(value)]));

// The identity source may hold the bare token or the token prefixed with `Bearer `.
const tokenIn = (authorization: string | undefined): string | undefined => {
  const value = authorization?.trim();
  if (!value) return undefined;
  return /^bearer\s/i.test(value) ? value.slice(6).trim() : value;
};

// API Gateway checks `aud`, and `client_id` only when there is no `aud` (Cognito access tokens).
const hasValidAudience = (payload: JWTPayload, audience: readonly string[]): boolean => {
  if (payload.aud !== undefined) {
    const claimed = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    return claimed.some((entry) => audience.includes(entry));
  }
  return typeof payload.client_id === 'string' && audience.includes(payload.client_id);
};

const invalidToken = (description?: string): AuthorizerDecision => ({
  authorized: false,
  challenge: `Bearer scope="" error="invalid_token"${description ? ` error_description="${description}"` : ''}`,
});

/**
 * API Gateway's JWT authorizer, locally: the token's `kid` must name the key,
 * the signature must be RS256 by that key, `iss` must be the issuer, `aud` (or
 * `client_id`) one of the audiences, `exp` in the future, `nbf` and `iat` in
 * the past. Anything else is refused before a function runs.
 */
export const createJwtAuthorizer = (
  key: SigningKey,
  configuration: JwtConfiguration = { issuer: localIssuer, audience: [localAudience] },
) => {
  const keyOf: JWTVerifyGetKey = (header) => {
    if (header.kid !== key.kid) throw new errors.JWKSNoMatchingKey();
    return key.publicKey;
  };

  return {
    async authorize(authorization: string | undefined, now = new Date()): Promise<AuthorizerDecision> {
      const token = tokenIn(authorization);
      if (!token) return { authorized: false, challenge: undefined };
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keyOf, {
          issuer: configuration.issuer,
          algorithms: ['RS256'],
          requiredClaims: ['exp'],
          currentDate: now,
        }));
      } catch (error) {
        if (error instanceof errors.JWTExpired) return invalidToken('the token has expired');
        return invalidToken();
      }
      if (!hasValidAudience(payload, configuration.audience)) {
        return invalidToken('the token does not have a valid audience');
      }
      if (typeof payload.iat === 'number' && payload.iat > now.getTime() / 1000) return invalidToken();
      return { authorized: true, claims: renderClaims(payload) };
    },
  };
};

export type JwtAuthorizer = ReturnType<typeof createJwtAuthorizer>;
