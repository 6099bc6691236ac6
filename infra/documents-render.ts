import { Duration } from 'aws-cdk-lib';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { documentEventTypes } from '#shared/documents/area.ts';
import { consumeTableEvents, deadLetterAlarm } from './table-event-source.ts';

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
 * inserted events of `documentEventTypes`. After ten failed attempts at a record (infra/table-event-source.ts)
 * the original is rendered at its first download, and the alarm asks for a look (a missed retention extension
 * is made up at the next download as well).
 */
export class DocumentsRender extends Construct {
  readonly deadLetterQueue: Queue;
  readonly renderer: NodejsFunction;

  constructor(scope: Construct, id: string, { table, renderer }: DocumentsRenderProps) {
    super(scope, id);
    this.renderer = renderer;
    this.deadLetterQueue = consumeTableEvents(this, {
      table,
      consumer: renderer,
      eventTypes: documentEventTypes,
      deadLetterQueueId: 'RenderDeadLetters',
    });
  }

  /** What the stack's alarms watch: records given up on, and a renderer falling behind the stream. */
  alarms(): { id: string; metric: IMetric; description: string; threshold?: number }[] {
    return [
      deadLetterAlarm(
        'DocumentRenderDeadLetters',
        this.deadLetterQueue,
        'The documents-render function gave up on stream records after 10 attempts (see "Contract document work failed" in its logs). The originals are rendered at their first download; a missed retention extension is made up then too. Fix the cause, then GET /api/contracts/{id}/document for the contracts named in the logs.',
      ),
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
