import type { CfnElement } from 'aws-cdk-lib';
import { CfnRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { Policy, type PolicyDocument } from 'aws-cdk-lib/aws-iam';
import { NagSuppressions } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { FunctionRole } from './function-role.ts';
import type { StudioApiStack } from './stack.ts';

/**
 * The cdk-nag AwsSolutions findings we accept, each on the one resource it is
 * about and with the reason. Everything else is fixed in the stack, and
 * `test/infra/nag.test.ts` fails on any new finding.
 */
/** Every identity policy in the stack with the construct a finding about it is reported on. */
const identityPolicies = (stack: StudioApiStack): { holder: IConstruct; document: PolicyDocument }[] =>
  stack.node.findAll().flatMap((construct): { holder: IConstruct; document: PolicyDocument }[] => {
    if (construct instanceof Policy) return [{ holder: construct, document: construct.document }];
    if (construct instanceof FunctionRole) return [{ holder: construct, document: construct.policyDocument }];
    return [];
  });

export const acceptNagFindings = (stack: StudioApiStack, publicRouteKeyList: readonly string[]): void => {
  const publicRouteKeys = new Set(publicRouteKeyList);
  // The API's own routes (`$default`) and the areas' in their nested stacks.
  for (const route of stack.node.findAll().filter((construct) => construct instanceof CfnRoute)) {
    if (route.routeKey === '$default') {
      NagSuppressions.addResourceSuppressions(route, [
        {
          id: 'AwsSolutions-APIG4',
          reason: '$default only answers 404 problem+json for unknown routes; an authorizer would turn that into 401.',
        },
      ]);
    } else if (publicRouteKeys.has(route.routeKey)) {
      NagSuppressions.addResourceSuppressions(route, [
        { id: 'AwsSolutions-APIG4', reason: "The route table declares this route public (roles: 'public')." },
      ]);
    }
  }

  // `grantReadData` and `grantReadWriteData` add `<table ARN>/index/*`: accepted exactly where it occurs.
  const indexWildcard = `${stack.table.tableArn}/index/*`;
  const resolvedIndexWildcard = JSON.stringify(stack.resolve(indexWildcard));
  const tableLogicalId = stack.getLogicalId(stack.table.node.defaultChild as CfnElement);
  for (const { holder, document } of identityPolicies(stack)) {
    if (!JSON.stringify(stack.resolve(document)).includes(resolvedIndexWildcard)) continue;
    NagSuppressions.addResourceSuppressions(holder, [
      {
        id: 'AwsSolutions-IAM5',
        reason: "The table's grants include its own GSIs (index/*): every index is part of the one table design.",
        appliesTo: [`Resource::<${tableLogicalId}.Arn>/index/*`],
      },
    ]);
  }

  // The originals' grants name the objects under `contracts/` (every document key starts there), and the
  // bucket key's encrypt grant is CDK's `GenerateDataKey*` / `ReEncrypt*`: accepted on those policies only.
  const originalsWildcard = JSON.stringify(stack.resolve(stack.documents.bucket.arnForObjects('contracts/*')));
  const bucketLogicalId = stack.getLogicalId(stack.documents.bucket.node.defaultChild as CfnElement);
  for (const { holder, document } of identityPolicies(stack)) {
    if (!JSON.stringify(stack.resolve(document)).includes(originalsWildcard.slice(1, -1))) continue;
    NagSuppressions.addResourceSuppressions(holder, [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "The signed originals live under contracts/<id>/<kind>.pdf; the key's data-key actions are CDK's encrypt grant.",
        appliesTo: [
          `Resource::<${bucketLogicalId}.Arn>/contracts/*`,
          'Action::kms:GenerateDataKey*',
          'Action::kms:ReEncrypt*',
        ],
      },
    ]);
  }

  // Active tracing lets each function send its traces; X-Ray has no resources to name. Accepted only on a
  // policy whose every `*` statement is X-Ray's own.
  for (const { holder, document } of identityPolicies(stack)) {
    const statements =
      (stack.resolve(document) as { Statement?: { Action: string | string[]; Resource: unknown }[] }).Statement ?? [];
    const anyResource = statements.filter((statement) => statement.Resource === '*');
    const xrayOnly = anyResource.every((statement) =>
      [statement.Action].flat().every((action) => action.startsWith('xray:')),
    );
    if (!anyResource.length || !xrayOnly) continue;
    NagSuppressions.addResourceSuppressions(holder, [
      {
        id: 'AwsSolutions-IAM5',
        reason: 'X-Ray active tracing: PutTraceSegments and PutTelemetryRecords support no resource-level permissions.',
        appliesTo: ['Resource::*'],
      },
    ]);
  }

  NagSuppressions.addResourceSuppressions(stack.documents.accessLogs, [
    {
      id: 'AwsSolutions-S1',
      reason: "It is the documents bucket's access log: logging it into itself or a third bucket adds nothing.",
    },
  ]);

  NagSuppressions.addResourceSuppressions(stack.auth.userPool, [
    {
      id: 'AwsSolutions-COG2',
      reason: 'TOTP is offered to every account, not forced: the studio decides; threat protection watches sign-ins.',
    },
  ]);
};
