import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteDefinition } from '../routes.ts';
import { authorizeCaller, type Caller } from './authorization.ts';

/** Who a request comes from, as the pipeline hands it on: the caller and what the kind adds for the endpoint. */
export interface Identified<Extra> {
  caller: Caller;
  extra: Extra;
}

/**
 * How a route learns who calls it. `gateway` is what the route table must say for the kind:
 * a list of roles, which API Gateway's JWT authorizer checks the token of, or `public`, where
 * the function checks what the request carries itself (or nothing).
 */
export interface CallerKind<Extra, Gateway extends 'roles' | 'public' = 'roles' | 'public'> {
  readonly gateway: Gateway;
  /** Runs before anything else is looked at; refuses with a Problem. */
  identify: (
    event: APIGatewayProxyEventV2,
    route: { roles: RouteDefinition['roles']; replays: boolean },
  ) => Identified<Extra> | Promise<Identified<Extra>>;
  /** A last word once the Idempotency-Key layer has had its say (a replay is answered before it). */
  admit?: (extra: Extra) => void;
}

type Nothing = Record<never, never>;
const nothing: Nothing = Object.freeze({});

/** A bearer JWT whose groups must include one of the route's roles (403 otherwise): every route with roles. */
export const bearer: CallerKind<Nothing, 'roles'> = {
  gateway: 'roles',
  identify: (event, { roles }) => ({ caller: authorizeCaller(event, roles), extra: nothing }),
};

/** Anyone: the API documentation, the signing page and its files, and public declarations. */
export const publicCaller: CallerKind<Nothing, 'public'> = {
  gateway: 'public',
  identify: (event) => ({ caller: authorizeCaller(event, 'public'), extra: nothing }),
};
