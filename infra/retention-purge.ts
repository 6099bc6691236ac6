import { Duration, Stack, TimeZone } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';

export interface RetentionPurgeProps {
  /** The `contacts-retention-purge` background function, granted by its flags (it alone may delete originals). */
  readonly purge: NodejsFunction;
}

/**
 * Retention runs out by itself (docs/privacy.md): an EventBridge Scheduler schedule invokes the purge once a day,
 * at night in the studio's zone. The invocation is asynchronous, so Lambda retries a failed run twice; a run
 * that still fails raises the functions' error alarm, and the next day's run completes what is left (the purge
 * is resumable).
 */
export class RetentionPurge extends Construct {
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, { purge }: RetentionPurgeProps) {
    super(scope, id);
    // A role of its own, which may invoke this one function (the shared one CDK would make serves every target).
    const invoker = new Role(this, 'InvokerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    });
    this.schedule = new Schedule(this, 'Daily', {
      schedule: ScheduleExpression.cron({ hour: '3', minute: '15', timeZone: TimeZone.EUROPE_BERLIN }),
      target: new LambdaInvoke(purge, { role: invoker, retryAttempts: 3, maxEventAge: Duration.hours(6) }),
      description: 'Erases the restricted contacts whose retention has ended, with their contracts and documents',
    });
    NagSuppressions.addResourceSuppressions(
      invoker,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason: 'Lambda’s invoke grant names the purge function and its versions (<arn>:*): that one function only.',
          appliesTo: [`Resource::<${Stack.of(this).getLogicalId(purge.node.defaultChild as never)}.Arn>:*`],
        },
      ],
      true,
    );
  }
}
