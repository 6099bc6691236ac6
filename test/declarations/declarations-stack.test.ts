import { describe, expect, it } from 'vitest';
import { defaultThrottle } from '#infra/http-api.ts';
import { publicRouteThrottle } from '#infra/route-throttles.ts';
import { flatTemplate, studioApiStack } from '../support/cdk-app.ts';
import { rolePolicies } from '../support/iam.ts';

type Resource = { Properties: Record<string, any> };

// Synthesis is the slow part and the template is read-only, so every test reads the same one.
const template = flatTemplate(studioApiStack().stack);
const resources = (type: string) => template.findResources(type) as Record<string, Resource>;
const publicPosts = ['POST /api/public/terminations', 'POST /api/public/withdrawals'];

describe('the declarations in the stack', () => {
  it('throttles the public POSTs on routes of their own, far below the stage the authenticated API shares', () => {
    const [stage] = Object.values(resources('AWS::ApiGatewayV2::Stage'));
    const settings = stage?.Properties.RouteSettings as Record<string, Record<string, number>>;
    for (const key of [...publicPosts, 'GET /api/kuendigen', 'GET /api/widerrufen']) {
      expect(settings[key], key).toEqual({
        ThrottlingRateLimit: publicRouteThrottle.rateLimit,
        ThrottlingBurstLimit: publicRouteThrottle.burstLimit,
      });
    }
    // A flood of both POSTs at their limits still leaves most of the stage to the contracts area.
    expect(2 * publicRouteThrottle.rateLimit).toBeLessThanOrEqual(defaultThrottle.rateLimit / 2);
    expect(settings['POST /api/contracts/{id}/termination']).toBeUndefined();
    // The public POSTs take no authorizer; the staff routes of the area do.
    const routes = Object.values(resources('AWS::ApiGatewayV2::Route'));
    for (const key of publicPosts) {
      expect(routes.find((route) => route.Properties.RouteKey === key)?.Properties.AuthorizationType, key).toBe('NONE');
    }
    expect(
      routes.find((route) => route.Properties.RouteKey === 'GET /api/declarations')?.Properties.AuthorizationType,
    ).toBe('JWT');
  });

  it('matches from the table’s stream, filtered to declaration.received, with a dead-letter queue and its alarm', () => {
    const mappings = Object.values(resources('AWS::Lambda::EventSourceMapping')).filter((mapping) =>
      JSON.stringify(mapping.Properties.FilterCriteria ?? {}).includes('declaration.received'),
    );
    expect(mappings).toHaveLength(1);
    const [mapping] = mappings;
    expect(mapping?.Properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(mapping?.Properties.DestinationConfig.OnFailure.Destination).toBeDefined();
    const alarms = Object.keys(resources('AWS::CloudWatch::Alarm'));
    expect(alarms.filter((id) => id.includes('DeclarationsMatchDeadLetters'))).toHaveLength(1);
  });

  it('lets the matcher send mail and no public declaration function do so', () => {
    const sendsMail = rolePolicies(template)
      .filter((policy) => JSON.stringify(policy.document).includes('ses:Send'))
      .flatMap((policy) => policy.roleIds);
    expect(sendsMail.some((id) => id.startsWith('DeclarationsMatchRole'))).toBe(true);
    expect(sendsMail.filter((id) => /^DeclarationsFile/.test(id))).toEqual([]);
  });
});
