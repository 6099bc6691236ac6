import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { deliveryAttempts, iteratorAgeAlarmMs, maxReceiveCount } from '#infra/events.ts';
import { constructId } from '#infra/stack.ts';
import { flatTemplate, studioApiStack } from '../support/cdk-app.ts';
import { type Statement, statementsOfFunction } from '../support/iam.ts';

type Resource = { Type: string; Properties: Record<string, any> };

const { stack } = studioApiStack();
const template = flatTemplate(stack);
const resources = (type: string): Record<string, Resource> => template.findResources(type) as Record<string, Resource>;
const json = (value: unknown) => JSON.stringify(value);

/** A construct's logical id is its path's construct ids plus an 8-digit hash. */
const logicalIdOf = (type: string, idPrefix: string): string => {
  const ids = Object.keys(resources(type)).filter((id) => new RegExp(`^${idPrefix}[0-9A-F]{8}$`).test(id));
  if (ids.length !== 1) throw new Error(`Expected one ${type} ${idPrefix}*, found ${ids.join(', ')}`);
  return ids[0] as string;
};

const functionId = (name: string) => logicalIdOf('AWS::Lambda::Function', constructId(name));
const tableId = () => logicalIdOf('AWS::DynamoDB::GlobalTable', 'Table');
const keyId = () => logicalIdOf('AWS::KMS::Key', 'EventsWebhookSecretsKey');
const queueId = () => logicalIdOf('AWS::SQS::Queue', 'EventsDeliveryQueue');
const deadLetterId = () => logicalIdOf('AWS::SQS::Queue', 'EventsDeliveryDeadLetters');

/** Every statement of the policies attached to the function's role. */
const statementsOf = (name: string): Statement[] => statementsOfFunction(template, functionId(name));

const roleOf = (name: string): string =>
  resources('AWS::Lambda::Function')[functionId(name)]?.Properties.Role['Fn::GetAtt'][0];

type KeyStatement = Statement & { Principal: { AWS: any } };
const keyStatements = (): KeyStatement[] =>
  (template.findResources('AWS::KMS::Key')[keyId()] as Resource).Properties.KeyPolicy.Statement;

/** The roles the secrets key's own policy lets use `action`. */
const whoMayUseTheKey = (action: string): string[] =>
  keyStatements()
    .filter((statement) => [statement.Action].flat().includes(action))
    .map((statement) => statement.Principal.AWS['Fn::GetAtt']?.[0] ?? 'account');

const actionsOf = (name: string, prefix: string): string[] =>
  statementsOf(name)
    .flatMap((statement) => [statement.Action].flat())
    .filter((action) => action.startsWith(prefix))
    .sort();

const statementsWith = (name: string, action: string) =>
  statementsOf(name).filter((statement) => [statement.Action].flat().includes(action));

describe('events and webhooks in the stack', () => {
  it('gives the table a stream of new images', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
  });

  it('feeds the dispatcher inserted event items only, reporting partial batch failures and never dropping a record', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId('webhooks-dispatch') },
      EventSourceArn: { 'Fn::GetAtt': [tableId(), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: -1,
      FilterCriteria: {
        Filters: [{ Pattern: json({ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['event'] } } } }) }],
      },
    });
  });

  it('queues deliveries in a FIFO queue whose dead-letter queue (FIFO too) takes a message only after every attempt', () => {
    const queue = resources('AWS::SQS::Queue')[queueId()]?.Properties;
    const deadLetters = resources('AWS::SQS::Queue')[deadLetterId()]?.Properties;

    expect(queue).toMatchObject({
      FifoQueue: true,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadLetterId(), 'Arn'] }, maxReceiveCount },
    });
    expect(maxReceiveCount).toBeGreaterThan(deliveryAttempts);
    expect(deadLetters).toMatchObject({ FifoQueue: true, SqsManagedSseEnabled: true, MessageRetentionPeriod: 1209600 });
    // Retries are hidden for up to 10 h at a time: the ~27.5 h schedule fits in the retention.
    expect(queue?.MessageRetentionPeriod).toBeGreaterThanOrEqual(2 * 24 * 60 * 60);
  });

  it('hands the delivery function one message per invocation, with partial batch failures', () => {
    const deliverer = resources('AWS::Lambda::Function')[functionId('webhooks-deliver')]?.Properties;

    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId('webhooks-deliver') },
      EventSourceArn: { 'Fn::GetAtt': [queueId(), 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(deliverer?.Timeout).toBeGreaterThan(10);
    const visibility = resources('AWS::SQS::Queue')[queueId()]?.Properties.VisibilityTimeout;
    expect(visibility).toBeGreaterThanOrEqual(deliverer?.Timeout);
  });

  it('alarms on dead letters and on a dispatcher behind the stream, to the alarm topic', () => {
    const topic = { Ref: logicalIdOf('AWS::SNS::Topic', 'AlarmsTopic') };

    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLetterId(), 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [topic],
      OKActions: [topic],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: functionId('webhooks-dispatch') } }],
      Statistic: 'Maximum',
      Threshold: iteratorAgeAlarmMs,
      AlarmActions: [topic],
    });
  });

  it('encrypts webhook secrets with a rotating symmetric key of their own, kept when the stack goes', () => {
    const [id, key] = Object.entries(template.findResources('AWS::KMS::Key')).find(([logicalId]) =>
      logicalId.startsWith('EventsWebhookSecretsKey'),
    ) as [string, { Properties: Record<string, unknown>; DeletionPolicy: string }];

    expect(id).toBe(keyId());
    expect(key.Properties).toMatchObject({ EnableKeyRotation: true });
    expect(key.Properties.KeySpec ?? 'SYMMETRIC_DEFAULT').toBe('SYMMETRIC_DEFAULT');
    expect(key.DeletionPolicy).toBe('Retain');
  });
});

describe('least privilege', () => {
  it('lets the dispatcher read the stream and the webhook index, and send to the queue: nothing else', () => {
    expect(actionsOf('webhooks-dispatch', 'dynamodb:')).toEqual([
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
      'dynamodb:Query',
    ]);
    expect(statementsWith('webhooks-dispatch', 'dynamodb:Query')).toEqual([
      expect.objectContaining({
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [tableId(), 'Arn'] }, '/index/gsi2']] },
      }),
    ]);
    expect(actionsOf('webhooks-dispatch', 'sqs:')).toEqual(expect.arrayContaining(['sqs:SendMessage']));
    expect(actionsOf('webhooks-dispatch', 'sqs:').filter((action) => /Receive|Delete/.test(action))).toEqual([]);
    expect(actionsOf('webhooks-dispatch', 'kms:')).toEqual([]);
  });

  it('lets the delivery function read webhooks, write attempts and status in webhook partitions only, and decrypt secrets', () => {
    const table = statementsWith('webhooks-deliver', 'dynamodb:PutItem');

    expect(actionsOf('webhooks-deliver', 'dynamodb:')).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    expect(table).toEqual([
      expect.objectContaining({
        Resource: { 'Fn::GetAtt': [tableId(), 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['WEBHOOK#*'] } },
      }),
    ]);
    expect(whoMayUseTheKey('kms:Decrypt')).toEqual([roleOf('webhooks-deliver')]);
    expect(actionsOf('webhooks-deliver', 'sqs:')).toEqual(
      expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:ChangeMessageVisibility', 'sqs:DeleteMessage']),
    );
  });

  it('lets only the webhook create function encrypt a secret and only the delivery function decrypt one', () => {
    const statements = keyStatements();

    expect(whoMayUseTheKey('kms:Encrypt')).toEqual([roleOf('webhooks-create')]);
    expect(whoMayUseTheKey('kms:Decrypt')).toEqual([roleOf('webhooks-deliver')]);
    for (const statement of statements.filter((candidate) => candidate.Principal.AWS['Fn::GetAtt'])) {
      expect(statement.Condition).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': 'webhook-secret' } });
    }
    // The account administers the key but cannot use it, and no function's own IAM policy names it.
    const accountActions = statements
      .filter((statement) => !statement.Principal.AWS['Fn::GetAtt'])
      .flatMap((s) => [s.Action].flat());
    expect(
      accountActions.filter((action) => /Encrypt|Decrypt|GenerateDataKey|CreateGrant|kms:\*/.test(action)),
    ).toEqual([]);
    for (const id of Object.keys(resources('AWS::Lambda::Function')))
      expect(json(statementsOfFunction(template, id)), id).not.toContain(keyId());
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Environment: { Variables: Match.objectLike({ WEBHOOK_SECRET_KEY_ID: { 'Fn::GetAtt': [keyId(), 'Arn'] } }) },
    });
  });
});
