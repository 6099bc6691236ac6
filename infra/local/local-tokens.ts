import { randomUUID } from 'node:crypto';
import { type JWTPayload, SignJWT } from 'jose';
import type { Role } from '#shared/routes.ts';
import type { SigningKey } from './signing-key.ts';

/** What the local authorizer is configured with, as API Gateway is with the user pool's issuer and client id. */
export const localIssuer = 'http://127.0.0.1/local-issuer';
export const localAudience = 'studio-api-local';

/** A working day: long enough for local work, short enough that a leaked token dies soon. */
export const defaultTokenLifetimeSeconds = 12 * 60 * 60;

/** One stable local user per role, so `createdBy` names the same person across restarts. */
export const localUsers = {
  owner: { sub: '0c0ffee0-0000-4000-8000-00000000000a', email: 'owner@studio.local' },
  staff: { sub: '0c0ffee0-0000-4000-8000-00000000000b', email: 'staff@studio.local' },
} as const satisfies Record<Role, { sub: string; email: string }>;

export interface LocalTokenOptions {
  /** The `cognito:groups` of the token; an empty list leaves the claim out, as Cognito does. */
  groups: readonly string[];
  sub?: string;
  email?: string;
  lifetimeSeconds?: number;
  /** Claims to add or replace (`iss`, `aud`, `exp`, …), for tests of what the authorizer refuses. */
  claims?: JWTPayload;
  now?: Date;
}

/**
 * A token shaped like a Cognito ID token: `aud` is the client id, so API
 * Gateway's audience check applies exactly as it does in AWS (a Cognito access
 * token has `client_id` instead, which API Gateway checks when `aud` is absent).
 */
export const issueLocalToken = (key: SigningKey, options: LocalTokenOptions): Promise<string> => {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  // Without a `sub` of its own, the token is the local user of its first group.
  const firstGroup = options.groups[0] as Role | undefined;
  const user = options.sub === undefined && firstGroup && firstGroup in localUsers ? localUsers[firstGroup] : undefined;
  const sub = options.sub ?? user?.sub ?? randomUUID();
  const payload: JWTPayload = {
    sub,
    ...(options.groups.length ? { 'cognito:groups': [...options.groups] } : {}),
    email_verified: true,
    iss: localIssuer,
    'cognito:username': sub,
    aud: localAudience,
    token_use: 'id',
    auth_time: iat,
    exp: iat + (options.lifetimeSeconds ?? defaultTokenLifetimeSeconds),
    iat,
    jti: randomUUID(),
    email: options.email ?? user?.email ?? `${sub}@studio.local`,
    ...options.claims,
  };
  return new SignJWT(payload).setProtectedHeader({ kid: key.kid, alg: 'RS256' }).sign(key.privateKey);
};

/** The token of the local user with this role. */
export const localTokenFor = (key: SigningKey, role: Role): Promise<string> => issueLocalToken(key, { groups: [role] });
