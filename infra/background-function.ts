import { Duration, Stack, TimeZone } from 'aws-cdk-lib';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { eventEntity } from '#shared/outbox/outbox.ts';
import type { AreaBackgroundFunction, QueueTrigger, ScheduleTrigger, StreamTrigger } from '#shared/routes.ts';
import { functionConstants } from './bundling.ts';
import { constructId, createStudioFunction, roleOf, type SharedResources } from './studio-function.ts';

/** An alarm the root stack's `StudioAlarms` raises on a background function's behalf. */
export interface BackgroundAlarm {
  readonly id: string;
  readonly metric: IMetric;
  readonly description: string;
  readonly threshold?: number;
}

export interface BackgroundFunctionProps {
  readonly definition: AreaBackgroundFunction & { readonly language: 'en' | 'de' };
  readonly resources: SharedResources;
}

const alarmPeriod = Duration.minutes(5);

/**
 * Any background function of an area (`backgroundFunctions` in its area.ts), with the trigger it names: the
 * table's stream (an event source mapping filtered to inserted event items of its types), a daily schedule
 * (EventBridge Scheduler), or a queue of the root stack. Granted by its flags like a route's function. The
 * function is this construct's default child, so its logical id is its name's, as a route's is.
 *
 * Alarms are the root stack's (their names are the root's, and a named alarm must not move between stacks):
 * `alarms` lists what `StudioAlarms` should watch.
 */
export class BackgroundFunction extends Construct {
  readonly function: NodejsFunction;
  readonly alarms: BackgroundAlarm[] = [];

  constructor(scope: Construct, id: string, { definition, resources }: BackgroundFunctionProps) {
    super(scope, id);
    this.function = createStudioFunction(this, resources, {
      name: definition.name,
      entry: definition.entry,
      flags: { ...definition, data: definition.data ?? 'none' },
      constants: functionConstants({ language: definition.language }),
      files: definition.files,
      timeoutSeconds: definition.timeoutSeconds,
      ids: { function: 'Default', logs: 'Logs', role: 'Role' },
    });
    const { trigger } = definition;
    if ('stream' in trigger) this.readStream(trigger, definition, resources);
    else if ('schedule' in trigger) this.runOnSchedule(trigger);
    else this.readQueue(trigger, resources);
  }

  /**
   * The table's stream, filtered to inserted event items of the trigger's types. With dead letters, a failing
   * record is retried, the batch halved around it, and after ten attempts its position goes to the dead-letter
   * queue (batches of 10 keep one slow batch within the timeout); else it is retried until it succeeds or leaves
   * the stream after 24 h, and the behind-alarm reports such a stall long before.
   */
  private readStream(trigger: StreamTrigger, definition: AreaBackgroundFunction, resources: SharedResources): void {
    const name = constructId(definition.name);
    const givesUp = typeof trigger.onFailure === 'object';
    // The queue is the root's, like every queue: the role that may send to it may be the root's too.
    const deadLetterQueue =
      typeof trigger.onFailure === 'object'
        ? new Queue(resources.root, `${name}DeadLetters`, {
            encryption: QueueEncryption.SQS_MANAGED,
            enforceSSL: true,
            retentionPeriod: Duration.days(14),
          })
        : undefined;
    this.function.addEventSource(
      new DynamoEventSource(resources.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: trigger.batchSize ?? 10,
        reportBatchItemFailures: true,
        ...(deadLetterQueue
          ? { bisectBatchOnError: true, retryAttempts: 10, onFailure: new SqsDlq(deadLetterQueue) }
          : { retryAttempts: -1 }),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: {
              NewImage: {
                entity: { S: FilterRule.isEqual(eventEntity) },
                ...(trigger.stream === '*' ? {} : { type: { S: FilterRule.or(...trigger.stream) } }),
              },
            },
          }),
        ],
      }),
    );
    NagSuppressions.addResourceSuppressions(
      roleOf(this.function),
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'The stream event source needs dynamodb:ListStreams, which supports no resource-level permissions (the records themselves are read from this table’s stream only).',
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
    if (deadLetterQueue && givesUp) {
      NagSuppressions.addResourceSuppressions(deadLetterQueue, [
        {
          id: 'AwsSolutions-SQS3',
          reason:
            'This queue is the dead-letter destination of the stream event source (its on-failure destination): it holds the positions of records given up on, and nothing reads it automatically.',
        },
      ]);
      this.alarms.push({
        id: `${name}DeadLetters`,
        metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: alarmPeriod, statistic: 'Maximum' }),
        description: (trigger.onFailure as { deadLetters: string }).deadLetters,
      });
    }
    if (trigger.behindAlarm) {
      this.alarms.push({
        id: `${name}IteratorAge`,
        metric: this.function.metric('IteratorAge', { period: alarmPeriod, statistic: 'Maximum' }),
        threshold: trigger.behindAlarm.minutes * 60_000,
        description: trigger.behindAlarm.description,
      });
    }
  }

  /**
   * Daily, at the trigger's time in its zone. The invocation is asynchronous, so Lambda retries a failed run
   * twice; a run that still fails raises the functions' error alarm, and the next day's run completes what is
   * left (a scheduled function must be resumable).
   */
  private runOnSchedule({ schedule: at, description }: ScheduleTrigger): void {
    // A role of its own, which may invoke this one function (the shared one CDK would make serves every target).
    const invoker = new Role(this, 'InvokerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    });
    new Schedule(this, 'Daily', {
      schedule: ScheduleExpression.cron({
        hour: String(at.hour),
        minute: String(at.minute),
        timeZone: TimeZone.of(at.timeZone),
      }),
      target: new LambdaInvoke(this.function, { role: invoker, retryAttempts: 3, maxEventAge: Duration.hours(6) }),
      description,
    });
    NagSuppressions.addResourceSuppressions(
      invoker,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason: 'Lambda’s invoke grant names the function and its versions (<arn>:*): that one function only.',
          appliesTo: [`Resource::<${Stack.of(this).getLogicalId(this.function.node.defaultChild as never)}.Arn>:*`],
        },
      ],
      true,
    );
  }

  /** A queue of the root stack, with partial batch failures: a failed message stays, the others are deleted. */
  private readQueue({ queue, batchSize = 10 }: QueueTrigger, resources: SharedResources): void {
    const { queue: source, environmentVariable } = resources.events.queueNamed(queue);
    this.function.addEnvironment(environmentVariable, source.queueUrl);
    this.function.addEventSource(new SqsEventSource(source, { batchSize, reportBatchItemFailures: true }));
  }
}
