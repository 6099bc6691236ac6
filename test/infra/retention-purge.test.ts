import { describe, expect, it } from 'vitest';
import { constructId } from '#infra/stack.ts';
import { constructNamed, flatTemplate, logicalIdOf, studioApiStack } from '../support/cdk-app.ts';
import { type Statement, statementsOfFunction, statementsOfRole } from '../support/iam.ts';

type Resource = { Type: string; Properties: Record<string, any> };

const { stack } = studioApiStack({ '@aws-cdk/core:stackResourceLimit': 0 });
const template = flatTemplate(stack);
const logicalId = logicalIdOf;
const resources = (type: string) => template.findResources(type) as Record<string, Resource>;

const purgeId = constructId('contacts-retention-purge');
const purgeFunctionId = logicalId(constructNamed(stack, purgeId));
const actionsOf = (statements: readonly Statement[]): string[] =>
  statements.flatMap((statement) => [statement.Action].flat());
const bucketId = logicalId(stack.documents.bucket);
const tableId = logicalId(stack.table);

describe('the retention purge in AWS', () => {
  it('runs daily at night in the studio’s zone, by an EventBridge Scheduler schedule invoking the purge function', () => {
    const schedules = Object.values(resources('AWS::Scheduler::Schedule'));

    expect(schedules).toHaveLength(1);
    const schedule = schedules[0]?.Properties ?? {};
    expect(schedule).toMatchObject({
      ScheduleExpression: 'cron(15 3 * * ? *)',
      ScheduleExpressionTimezone: 'Europe/Berlin',
      State: 'ENABLED',
      Target: { Arn: { 'Fn::GetAtt': [purgeFunctionId, 'Arn'] } },
    });
    const schedulerRole = schedule.Target.RoleArn['Fn::GetAtt'][0];
    const invoke = statementsOfRole(template, schedulerRole);
    expect(actionsOf(invoke)).toEqual(['lambda:InvokeFunction']);
    expect(JSON.stringify(invoke)).toContain(purgeFunctionId);
  });

  it('lets the purge function alone delete stored documents: every version of a contract’s, no bypass of the lock', () => {
    const purgeStatements = statementsOfFunction(template, purgeFunctionId);
    const onTheBucket = purgeStatements.filter((statement) => JSON.stringify(statement).includes(bucketId));

    expect(actionsOf(onTheBucket).sort()).toEqual([
      's3:DeleteObjectVersion',
      's3:GetObjectRetention',
      's3:ListBucketVersions',
    ]);
    expect(JSON.stringify(onTheBucket)).toContain('contracts/*');
    const deleters = Object.keys(resources('AWS::Lambda::Function')).filter((functionId) =>
      actionsOf(statementsOfFunction(template, functionId)).some(
        (action) => action.startsWith('s3:Delete') || action === 's3:*' || action === 's3:BypassGovernanceRetention',
      ),
    );
    expect(deleters).toEqual([purgeFunctionId]);
    // Compliance mode: nobody can delete a version before its retain-until date, so none needs a bypass.
    expect(resources('AWS::S3::Bucket')[bucketId]?.Properties.ObjectLockConfiguration.Rule.DefaultRetention.Mode).toBe(
      'COMPLIANCE',
    );
  });

  it('gives the purge function the table’s reads and deletes, never a Scan, and the bucket but not its key', () => {
    const actions = actionsOf(statementsOfFunction(template, purgeFunctionId));

    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:DeleteItem', 'dynamodb:PutItem']));
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.filter((action) => action.startsWith('kms:'))).toEqual([]);
    const environment = resources('AWS::Lambda::Function')[purgeFunctionId]?.Properties.Environment.Variables;
    expect(environment).toMatchObject({ TABLE_NAME: { Ref: tableId }, ORIGINALS_BUCKET: { Ref: bucketId } });
  });

  it('keeps point-in-time recovery on the table, so a restore (then the erasure log re-applied) is possible', () => {
    expect(resources('AWS::DynamoDB::GlobalTable')[tableId]?.Properties.Replicas[0]).toMatchObject({
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });
});
