import { Duration } from 'aws-cdk-lib';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { eventEntity } from '#shared/events/entity.ts';

export interface TableEventSourceProps {
  readonly table: TableV2;
  /** The background function that does the work, built and granted by its flags like a route's function. */
  readonly consumer: NodejsFunction;
  /** The event types (`documentEventTypes`, `declaration.received`, …) whose inserted items it is given. */
  readonly eventTypes: readonly string[];
  /** The construct id of its dead-letter queue. */
  readonly deadLetterQueueId: string;
}

/**
 * Gives a background function the inserted event items of some types from the table's stream. A failing record
 * is retried, the batch halved around it, and after ten attempts its position goes to the dead-letter queue this
 * returns, which an alarm should watch (`deadLetterAlarm`). Batches of 10 keep one slow batch within the timeout.
 */
export const consumeTableEvents = (
  scope: Construct,
  { table, consumer, eventTypes, deadLetterQueueId }: TableEventSourceProps,
): Queue => {
  const deadLetterQueue = new Queue(scope, deadLetterQueueId, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  consumer.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: 10,
      bisectBatchOnError: true,
      retryAttempts: 10,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(deadLetterQueue),
      filters: [
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('INSERT'),
          dynamodb: {
            NewImage: {
              entity: { S: FilterRule.isEqual(eventEntity) },
              type: { S: FilterRule.or(...eventTypes) },
            },
          },
        }),
      ],
    }),
  );
  NagSuppressions.addResourceSuppressions(deadLetterQueue, [
    {
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is the dead-letter destination of the stream event source (its on-failure destination): it holds the positions of records given up on, and nothing reads it automatically.',
    },
  ]);
  return deadLetterQueue;
};

/** An alarm on records given up on: any message in the dead-letter queue within five minutes. */
export const deadLetterAlarm = (
  id: string,
  deadLetterQueue: Queue,
  description: string,
): { id: string; metric: IMetric; description: string } => ({
  id,
  metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({
    period: Duration.minutes(5),
    statistic: 'Maximum',
  }),
  description,
});
