import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { backgroundFunctionNamed, type QueueName } from '#shared/routes.ts';
import { deliveryTimeoutMs } from '#shared/webhooks/deliver.ts';
import { defaultRetrySchedule } from '#shared/webhooks/schedule.ts';
import { sealingKeyPolicy } from './sealing-key.ts';

/** The encryption context every webhook secret is bound to (shared/webhooks/secret-box.ts). */
const secretPurpose = { 'kms:EncryptionContext:purpose': 'webhook-secret' };

const alarmPeriod = Duration.minutes(5);
const dispatcher = backgroundFunctionNamed('webhooks-dispatch');
const deliverer = backgroundFunctionNamed('webhooks-deliver');
/** A dispatcher this far behind the stream is stuck (a failing record is retried until it expires after 24 h). */
export const iteratorAgeAlarmMs =
  'stream' in dispatcher.trigger && dispatcher.trigger.behindAlarm
    ? dispatcher.trigger.behindAlarm.minutes * 60_000
    : 0;
/** Attempts of one event to one endpoint, and a few receives more for errors of our own before the DLQ. */
export const deliveryAttempts = defaultRetrySchedule.length + 1;
export const maxReceiveCount = deliveryAttempts + 3;
/** The delivery function's timeout, as its area declares it. */
export const deliveryFunctionTimeout = Duration.seconds(deliverer.timeoutSeconds);
// One attempt of at most 10 s, plus reading the webhook, decrypting its secret and logging the attempt.
if (deliveryFunctionTimeout.toSeconds() < deliveryTimeoutMs / 1000 + 20)
  throw new Error('webhooks-deliver needs 20 s more than one delivery attempt (deliveryTimeoutMs)');

/** A queue of the root stack and the variable that hands its URL to a function. */
export interface StudioQueue {
  readonly queue: Queue;
  readonly environmentVariable: string;
}

/**
 * What events and webhooks (docs/events-and-webhooks.md) share in the root stack: the SQS FIFO delivery queue (one
 * group per webhook and resource; spent messages land in a FIFO dead-letter queue) and the symmetric KMS key of
 * the webhook secrets. The dispatcher and the delivery function are the webhooks area's background functions,
 * built in its nested stack (infra/background-function.ts); the queues stay here, so that an upgrade keeps the
 * messages waiting for their retries.
 */
export class StudioEvents extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly secretsKey: Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);

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
  }

  /** The queue a background function names as its trigger or where it sends. */
  queueNamed(name: QueueName): StudioQueue {
    const queues: Record<QueueName, StudioQueue> = {
      'webhook-deliveries': { queue: this.queue, environmentVariable: 'DELIVERY_QUEUE_URL' },
    };
    return queues[name];
  }

  /** An alarm on the dead letters, to the stack's alarm topic. */
  alarmTo(topic: ITopic): Alarm {
    const id = 'WebhookDeadLetters';
    const alarm = new Alarm(this, id, {
      alarmName: `${Stack.of(this).stackName}-${id}`,
      alarmDescription:
        'A webhook delivery message failed more often than its schedule allows (our own errors, not the receiver’s answers). Look for "Delivery message failed" in the webhooks-deliver logs, then redrive the dead-letter queue.',
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: alarmPeriod,
        statistic: 'Maximum',
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(topic));
    alarm.addOkAction(new SnsAction(topic));
    return alarm;
  }
}

/** Use of the secrets key, in its own policy, by one function's role, for webhook secrets only. */
export const allowWebhookSecrets = (key: Key, role: IRole, use: 'encrypt' | 'decrypt'): void => {
  key.addToResourcePolicy(
    new PolicyStatement({
      principals: [role],
      actions: [use === 'encrypt' ? 'kms:Encrypt' : 'kms:Decrypt'],
      resources: ['*'],
      conditions: { StringEquals: secretPurpose },
    }),
  );
};
