import { ArnFormat, CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/** Context key of the address that gets the alarm emails (`cdk deploy -c alarmEmail=owner@studio.example`). */
export const alarmEmailContextKey = 'alarmEmail';

const period = Duration.minutes(5);
// A metric-math alarm may read at most 10 metrics (a hard CloudWatch limit), so functions are watched in groups.
const metricsPerAlarm = 10;

/** The operations our data layer and the idempotency store send; DynamoDB counts SystemErrors per operation. */
export const watchedTableOperations = [
  Operation.GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
] as const;

// Sparse metrics have no datapoint where nothing happened, and arithmetic on a missing datapoint has none
// either: FILL with 0 first, or one idle function would hide another one's errors.
const sumOf = (metrics: readonly IMetric[], label: string): MathExpression =>
  new MathExpression({
    expression: `SUM(FILL([${metrics.map((_, index) => `m${index}`).join(', ')}], 0))`,
    usingMetrics: Object.fromEntries(metrics.map((metric, index) => [`m${index}`, metric])),
    label,
    period,
  });

const inGroupsOf = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

export interface StudioAlarmsProps {
  readonly api: HttpApi;
  readonly table: TableV2;
}

/**
 * Alarms for what a studio owner must hear about: the API answering 5xx, a
 * function crashing, timing out or being throttled, and DynamoDB failing on
 * its side. Each fires on the first occurrence in five minutes: clients cause
 * only 4xx, so every one of these is worth a look. They notify one SNS topic,
 * which mails the context's `alarmEmail` when one is set.
 *
 * Watches every Lambda function in the stack, so it is created after them.
 */
export class StudioAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: StudioAlarmsProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.topic = new Topic(this, 'Topic', { displayName: `${stack.stackName} alarms`, enforceSSL: true });
    // A topic policy replaces SNS's default one, so CloudWatch needs its own grant, for this account's alarms only.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': stack.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
    const email = this.node.tryGetContext(alarmEmailContextKey) as string | undefined;
    if (email !== undefined) {
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new Error(`${alarmEmailContextKey}: "${email}" is no email`);
      // SNS mails a confirmation link first; alarms reach the address once it has been clicked.
      this.topic.addSubscription(new EmailSubscription(email));
    }

    this.watch('Api5xx', {
      metric: props.api.metricServerError({ period, statistic: 'Sum' }),
      description:
        'The API answered 5xx: a bug (500) or an unavailable dependency (503). Find the request in the API access log, then its X-Request-Id in the function logs.',
    });

    const functions = this.functionsInStack();
    for (const [index, group] of inGroupsOf(functions, metricsPerAlarm).entries()) {
      const names = group.map((fn) => fn.node.id).join(', ');
      this.watch(`FunctionErrors${index + 1}`, {
        metric: sumOf(
          group.map((fn) => fn.metricErrors({ period })),
          'Errors',
        ),
        description: `A function crashed or timed out (handlers answer every failure they know as problem+json): ${names}.`,
      });
      this.watch(`FunctionThrottles${index + 1}`, {
        metric: sumOf(
          group.map((fn) => fn.metricThrottles({ period })),
          'Throttles',
        ),
        description: `Lambda refused invocations for lack of concurrency (a new account may have only 10): ${names}.`,
      });
    }
    // A function added after this construct would go unwatched.
    this.node.addValidation({
      validate: () =>
        this.functionsInStack().length === functions.length ? [] : ['Create StudioAlarms after every function'],
    });

    this.watch('TableSystemErrors', {
      metric: sumOf(
        watchedTableOperations.map(
          (operation) =>
            new Metric({
              namespace: 'AWS/DynamoDB',
              metricName: 'SystemErrors',
              dimensionsMap: { TableName: props.table.tableName, Operation: operation },
              statistic: 'Sum',
              period,
            }),
        ),
        'SystemErrors',
      ),
      description:
        'DynamoDB failed on its side (HTTP 500). The SDK retries; requests that still fail are answered 503.',
    });

    new CfnOutput(stack, 'AlarmTopicArn', { value: this.topic.topicArn });
  }

  private functionsInStack(): LambdaFunction[] {
    return Stack.of(this)
      .node.findAll()
      .filter((construct): construct is LambdaFunction => construct instanceof LambdaFunction)
      .sort((a, b) => a.node.path.localeCompare(b.node.path));
  }

  /** An alarm on this topic, also for another construct's metric (at or above `threshold`, 1 unless given). */
  watch(
    id: string,
    { metric, description, threshold = 1 }: { metric: IMetric; description: string; threshold?: number },
  ): void {
    const alarm = new Alarm(this, id, {
      alarmName: `${Stack.of(this).stackName}-${id}`,
      alarmDescription: description,
      metric,
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    // OK as well: the mail that says it is over matters as much as the one that says it started.
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
