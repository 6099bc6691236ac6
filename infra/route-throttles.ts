import type { CfnRoute, CfnStage, HttpRoute, HttpStage, ThrottleSettings } from 'aws-cdk-lib/aws-apigatewayv2';

/**
 * Limits of each public route (no token: the docs, the signing page, `$default`): far below the stage's,
 * so that anonymous traffic is throttled on its own route before it eats into what the stage allows
 * signed-in staff. A customer at the counter or a developer reading the docs makes a few requests.
 */
export const publicRouteThrottle = { rateLimit: 10, burstLimit: 20 } as const satisfies Required<ThrottleSettings>;

/** Gives each of the route keys its own throttle in the stage's `RouteSettings`, never above the stage's. */
export const throttlePublicRoutes = (
  stage: HttpStage,
  routes: readonly HttpRoute[],
  routeKeys: readonly string[],
  stageLimits: Required<ThrottleSettings>,
): void => {
  const limits = {
    ThrottlingRateLimit: Math.min(publicRouteThrottle.rateLimit, stageLimits.rateLimit),
    ThrottlingBurstLimit: Math.min(publicRouteThrottle.burstLimit, stageLimits.burstLimit),
  };
  const cfnStage = stage.node.defaultChild as CfnStage;
  cfnStage.routeSettings = Object.fromEntries(routeKeys.map((key) => [key, limits]));
  // A stage's route settings may only name routes that exist: deploy the routes first (their areas' nested
  // stacks, since a dependency on a resource of a nested stack is one on the whole nested stack).
  for (const route of routes) {
    const resource = route.node.defaultChild as CfnRoute;
    if (routeKeys.includes(resource.routeKey)) cfnStage.node.addDependency(route);
  }
};
