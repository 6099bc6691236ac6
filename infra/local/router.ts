import { fallbackRoute, type RouteDefinition, routeKey, routes } from '#shared/routes.ts';

export interface RouteMatch {
  name: string;
  entry: string;
  /** `public` routes, `$default` among them, have no authorizer, as in the CDK stack. */
  roles: RouteDefinition['roles'];
  routeKey: string;
  pathParameters: Record<string, string> | undefined;
}

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  parameterNames: string[];
}

// `{id}` matches exactly one path segment, as in API Gateway.
const compile = (route: RouteDefinition): CompiledRoute => {
  const parameterNames: string[] = [];
  const segments = route.path.split('/').map((segment) => {
    const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!parameter) return segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
    parameterNames.push(parameter);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${segments.join('/')}$`), parameterNames };
};

const compiled = routes.map(compile);

/**
 * Finds the route for a request from the same table the CDK stack deploys;
 * anything else is `$default`. `path` is the decoded path (`decodedPath`), as
 * API Gateway routes on it and passes it on: path parameters are its segments.
 */
export const matchRoute = (method: string, path: string): RouteMatch => {
  for (const { route, pattern, parameterNames } of compiled) {
    if (route.method !== method) continue;
    const match = pattern.exec(path);
    if (!match) continue;
    const values = match.slice(1);
    return {
      name: route.name,
      entry: route.entry,
      roles: route.roles,
      routeKey: routeKey(route),
      pathParameters: parameterNames.length
        ? Object.fromEntries(parameterNames.map((name, index) => [name, values[index] ?? '']))
        : undefined,
    };
  }
  return {
    name: fallbackRoute.name,
    entry: fallbackRoute.entry,
    roles: fallbackRoute.roles,
    routeKey: '$default',
    pathParameters: undefined,
  };
};
