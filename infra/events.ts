import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { type CfnFunction, FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { eventEntity } from '#shared/events/entity.ts';
import { backgroundFunctionNamed, type backgroundFunctions, type RouteDefinition, routes } from '#shared/routes.ts';
import { deliveryTimeoutMs } from '#shared/webhooks/deliver.ts';
import { defaultRetrySchedule } from '#shared/webhooks/schedule.ts';
import { sealingKeyPolicy } from './sealing-key.ts';

/** The tag every webhook item and its attempts carry in their partition key (shared/webhooks/entity.ts). */
const webhookPartitions = 'WEBHOOK#*';
/** The index whose `WEBHOOKS#ACTIVE` partition lists the active webhooks (shared/webhooks/entity.ts). */
const webhookStatusIndex = 'gsi2';
/** The encryption context every webhook secret is bound to (shared/webhooks/secret-box.ts). */
const secretPurpose = { 'kms:EncryptionContext:purpose': 'webhook-secret' };

const alarmPeriod = Duration.minutes(5);
/** A dispatcher this far behind the stream is stuck (a failing record is retried until it expires after 24 h). */
export const iteratorAgeAlarmMs = 5 * 60 * 1000;
/** Attempts of one event to one endpoint, and a few receives more for errors of our own before the DLQ. */
export const deliveryAttempts = defaultRetrySchedule.length + 1;
export const maxReceiveCount = deliveryAttempts + 3;
/** One attempt of at most 10 s, plus reading the webhook, decrypting its secret and logging the attempt. */
export const deliveryFunctionTimeout = Duration.seconds(deliveryTimeoutMs / 1000 + 20);

export interface StudioEventsProps {
  readonly table: TableV2;
  /** Builds a function the way the stack builds every function (bundling, log group, own role, tracing). */
  /** Builds a background function of the list of areas, in its area's language. */
  readonly createFunction: (fn: BackgroundFunctionDefinition, environment: Record<string, string>) => NodejsFunction;
  /** The function of a route of the route table. */
  readonly routeFunction: (route: RouteDefinition) => NodejsFunction;
}

const roleOf = (fn: NodejsFunction): IRole => {
  if (!fn.role) throw new Error(`${fn.node.id} has no role`);
  return fn.role;
};

type BackgroundFunctionDefinition = (typeof backgroundFunctions)[number];

/**
 * Events and webhooks (docs/events-and-webhooks.md) in AWS: the table's stream (new images) → the dispatcher (only
 * inserted event items reach it, partial batch failures reported) → an SQS
 * FIFO queue, one group per webhook and resource → the delivery function (one
 * message per invocation, so the receive count is the attempt number) → the
 * endpoint. Spent messages land in a FIFO dead-letter queue. Webhook secrets are
 * encrypted with a symmetric KMS key of their own.
 *
 * Least privilege: the dispatcher reads the stream and the active webhooks'
 * index and sends to the queue; the delivery function reads webhooks, writes
 * their attempts and status (webhook partitions only) and decrypts secrets;
 * only the webhook create route encrypts one.
 */
export class StudioEvents extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly secretsKey: Key;
  readonly dispatcher: NodejsFunction;
  readonly deliverer: NodejsFunction;

  constructor(scope: Construct, id: string, props: StudioEventsProps) {
    super(scope, id);
    const { table } = props;

    // Without the key no stored secret can be read again: it outlives the stack like the table. Like the
    // sealing key, the account administers it but cannot use it: each use is granted in the key policy.
    this.secretsKey = new Key(this, 'WebhookSecretsKey', {
      description: 'Encrypts the signing secrets of the studio’s webhooks',
      enableKeyRotation: true,
      policy: sealingKeyPolicy(),
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.deadLetterQueue = new Queue(this, 'DeliveryDeadLetters', {
      fifo: true,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'DeliveryQueue', {
      fifo: true,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Retries are hidden messages, not new ones: the schedule's ~27.5 h must fit, with room for a stuck day.
      retentionPeriod: Duration.days(4),
      // Lambda asks for at least the function timeout; six times it is AWS's advice for SQS event sources.
      visibilityTimeout: Duration.seconds(deliveryFunctionTimeout.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount },
    });

    this.dispatcher = props.createFunction(backgroundFunctionNamed('webhooks-dispatch'), {
      TABLE_NAME: table.tableName,
      DELIVERY_QUEUE_URL: this.queue.queueUrl,
    });
    this.dispatcher.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        // A failing record is retried (with the ones after it) until it succeeds or leaves the stream after
        // 24 h; the iterator-age alarm reports such a stall long before.
        retryAttempts: -1,
        reportBatchItemFailures: true,
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { entity: { S: FilterRule.isEqual(eventEntity) } } },
          }),
        ],
      }),
    );
    roleOf(this.dispatcher).addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [`${table.tableArn}/index/${webhookStatusIndex}`],
      }),
    );
    this.queue.grantSendMessages(this.dispatcher);

    this.deliverer = props.createFunction(backgroundFunctionNamed('webhooks-deliver'), {
      TABLE_NAME: table.tableName,
      DELIVERY_QUEUE_URL: this.queue.queueUrl,
      WEBHOOK_SECRET_KEY_ID: this.secretsKey.keyArn,
    });
    (this.deliverer.node.defaultChild as CfnFunction).timeout = deliveryFunctionTimeout.toSeconds();
    this.deliverer.addEventSource(new SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true }));
    roleOf(this.deliverer).addToPrincipalPolicy(
      new PolicyStatement({
        // Writes go through TransactWriteItems, which IAM checks per item by its own action.
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [webhookPartitions] } },
      }),
    );
    this.allowSecrets(this.deliverer, 'kms:Decrypt');

    const routeTable: readonly RouteDefinition[] = routes;
    for (const route of routeTable.filter((candidate) => candidate.webhookSecrets === 'encrypt')) {
      const fn = props.routeFunction(route);
      fn.addEnvironment('WEBHOOK_SECRET_KEY_ID', this.secretsKey.keyArn);
      this.allowSecrets(fn, 'kms:Encrypt');
    }

    this.acceptNagFindings();
  }

  /** Alarms on the dead letters and on a dispatcher falling behind the stream, to the stack's alarm topic. */
  alarmTo(topic: ITopic): Alarm[] {
    return [
      this.addAlarm(topic, 'WebhookDeadLetters', {
        metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: alarmPeriod,
          statistic: 'Maximum',
        }),
        threshold: 1,
        description:
          'A webhook delivery message failed more often than its schedule allows (our own errors, not the receiver’s answers). Look for "Delivery message failed" in the webhooks-deliver logs, then redrive the dead-letter queue.',
      }),
      this.addAlarm(topic, 'EventStreamIteratorAge', {
        metric: this.dispatcher.metric('IteratorAge', { period: alarmPeriod, statistic: 'Maximum' }),
        threshold: iteratorAgeAlarmMs,
        description:
          'The webhook dispatcher is more than 5 minutes behind the table’s stream: events wait, and after 24 h the stream drops them. Look at the webhooks-dispatch logs and errors.',
      }),
    ];
  }

  private addAlarm(
    topic: ITopic,
    id: string,
    { metric, threshold, description }: { metric: IMetric; threshold: number; description: string },
  ): Alarm {
    const alarm = new Alarm(this, id, {
      alarmName: `${Stack.of(this).stackName}-${id}`,
      alarmDescription: description,
      metric,
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(topic));
    alarm.addOkAction(new SnsAction(topic));
    return alarm;
  }

  /** Use of the secrets key, in its own policy, by one function's role, for webhook secrets only. */
  private allowSecrets(fn: NodejsFunction, action: 'kms:Encrypt' | 'kms:Decrypt'): void {
    this.secretsKey.addToResourcePolicy(
      new PolicyStatement({
        principals: [roleOf(fn)],
        actions: [action],
        resources: ['*'],
        conditions: { StringEquals: secretPurpose },
      }),
    );
  }

  private acceptNagFindings(): void {
    NagSuppressions.addResourceSuppressions(
      roleOf(this.dispatcher),
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
  }
}
