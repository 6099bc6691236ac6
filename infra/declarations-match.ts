import { Duration } from 'aws-cdk-lib';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { eventEntity } from '#shared/events/entity.ts';

export interface DeclarationsMatchProps {
  readonly table: TableV2;
  /** The `declarations-match` background function, built and granted by its flags like a route's function. */
  readonly matcher: NodejsFunction;
}

/**
 * The declarations' background work in AWS (docs/declarations.md): a reader of the table's stream filtered to
 * inserted `declaration.received` events, so that the public POST only stores and answers. A failing record is
 * retried, the batch halved around it, and after ten attempts its position goes to a dead-letter queue and the
 * alarm asks for a look: the declaration then waits, unmatched and unconfirmed, in `GET /api/declarations`.
 *
 * DynamoDB advises at most two readers per shard; this is the third (beside the webhook dispatcher and
 * documents-render). Its filter makes it cheap, and Lambda's pollers share the shard's read capacity; should
 * throttled reads show, the event source moves to the events' fan-out (docs/declarations.md, "Limits").
 */
export class DeclarationsMatch extends Construct {
  readonly deadLetterQueue: Queue;
  readonly matcher: NodejsFunction;

  constructor(scope: Construct, id: string, { table, matcher }: DeclarationsMatchProps) {
    super(scope, id);
    this.matcher = matcher;
    this.deadLetterQueue = new Queue(this, 'MatchDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    matcher.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        bisectBatchOnError: true,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: {
              NewImage: {
                entity: { S: FilterRule.isEqual(eventEntity) },
                type: { S: FilterRule.isEqual('declaration.received') },
              },
            },
          }),
        ],
      }),
    );
    NagSuppressions.addResourceSuppressions(this.deadLetterQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          'This queue is the dead-letter destination of the stream event source (its on-failure destination): it holds the positions of records given up on, and nothing reads it automatically.',
      },
    ]);
  }

  /** What the stack's alarms watch: declarations given up on. */
  alarms(): { id: string; metric: IMetric; description: string }[] {
    return [
      {
        id: 'DeclarationMatchDeadLetters',
        metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: 'Maximum',
        }),
        description:
          'The declarations-match function gave up on declarations after 10 attempts (see "Declaration work failed" in its logs): they were neither matched nor confirmed by email. Fix the cause; the declarations wait in GET /api/declarations?status=unmatched, and their customers must get a confirmation.',
      },
    ];
  }
}
