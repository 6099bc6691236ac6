import { Duration } from 'aws-cdk-lib';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { documentEventTypes } from '#shared/documents/area.ts';
import { eventEntity } from '#shared/events/entity.ts';

export interface DocumentsRenderProps {
  readonly table: TableV2;
  /** The `documents-render` background function, built and granted by its flags like a route's function. */
  readonly renderer: NodejsFunction;
}

/** A renderer this far behind the stream leaves originals to their first download; after 24 h records are lost. */
export const renderIteratorAgeAlarmMs = 15 * 60 * 1000;

/**
 * The documents' background work in AWS (docs/documents.md, "Rendered once"): a second reader of the table's
 * stream (the webhook dispatcher is the first; DynamoDB advises at most two per shard), filtered to the
 * inserted events of `documentEventTypes`. A failing record is retried, the batch halved around it, and after
 * ten attempts its position goes to a dead-letter queue: the original is then rendered at its first download,
 * and the alarm asks for a look (a missed retention extension is made up at the next download as well).
 */
export class DocumentsRender extends Construct {
  readonly deadLetterQueue: Queue;
  readonly renderer: NodejsFunction;

  constructor(scope: Construct, id: string, { table, renderer }: DocumentsRenderProps) {
    super(scope, id);
    this.renderer = renderer;
    this.deadLetterQueue = new Queue(this, 'RenderDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    renderer.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        // A render takes a few hundred milliseconds: small batches keep one slow batch within the timeout.
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
                type: { S: FilterRule.or(...documentEventTypes) },
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

  /** What the stack's alarms watch: records given up on, and a renderer falling behind the stream. */
  alarms(): { id: string; metric: IMetric; description: string; threshold?: number }[] {
    return [
      {
        id: 'DocumentRenderDeadLetters',
        metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: 'Maximum',
        }),
        description:
          'The documents-render function gave up on stream records after 10 attempts (see "Contract document work failed" in its logs). The originals are rendered at their first download; a missed retention extension is made up then too. Fix the cause, then GET /api/contracts/{id}/document for the contracts named in the logs.',
      },
      {
        id: 'DocumentRenderIteratorAge',
        metric: this.renderer.metric('IteratorAge', { period: Duration.minutes(5), statistic: 'Maximum' }),
        threshold: renderIteratorAgeAlarmMs,
        description:
          'The documents-render function is more than 15 minutes behind the table’s stream: originals wait for their first download, and after 24 h the stream drops the records. Look at its logs and errors.',
      },
    ];
  }
}
