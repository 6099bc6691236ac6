import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { consumeTableEvents, deadLetterAlarm } from './table-event-source.ts';

export interface DeclarationsMatchProps {
  readonly table: TableV2;
  /** The `declarations-match` background function, built and granted by its flags like a route's function. */
  readonly matcher: NodejsFunction;
}

/**
 * The declarations' background work in AWS (docs/declarations.md): a reader of the table's stream filtered to
 * inserted `declaration.received` events, so that the public POST only stores and answers. After ten failed
 * attempts at a record (infra/table-event-source.ts) the alarm asks for a look: the declaration then waits,
 * unmatched and unconfirmed, in `GET /api/declarations`.
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
    this.deadLetterQueue = consumeTableEvents(this, {
      table,
      consumer: matcher,
      eventTypes: ['declaration.received'],
      deadLetterQueueId: 'MatchDeadLetters',
    });
  }

  /** What the stack's alarms watch: declarations given up on. */
  alarms(): { id: string; metric: IMetric; description: string }[] {
    return [
      deadLetterAlarm(
        'DeclarationMatchDeadLetters',
        this.deadLetterQueue,
        'The declarations-match function gave up on declarations after 10 attempts (see "Declaration work failed" in its logs): they were neither matched nor confirmed by email. Fix the cause; the declarations wait in GET /api/declarations?status=unmatched, and their customers must get a confirmation.',
      ),
    ];
  }
}
