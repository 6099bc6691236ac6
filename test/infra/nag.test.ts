import { Aspects } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { jwtAudienceContextKey, jwtIssuerContextKey } from '#infra/auth.ts';
import { corsOriginsContextKey, throttleBurstContextKey, throttleRateContextKey } from '#infra/http-api.ts';
import { alarmEmailContextKey } from '#infra/monitoring.ts';
import type { StudioApiStack } from '#infra/stack.ts';
import { studioApiStack } from '../support/cdk-app.ts';

const awsSolutionsMessage = Match.stringLikeRegexp('AwsSolutions-.*');

/** Every unsuppressed AwsSolutions error and warning, as `path: message` lines a failing test prints in full. */
const nagFindings = (extraContext: Record<string, unknown> = {}, addToStack?: (stack: StudioApiStack) => void) => {
  const { app, stack } = studioApiStack(extraContext);
  addToStack?.(stack);
  Aspects.of(app).add(new AwsSolutionsChecks({ reports: false }));
  const annotations = Annotations.fromStack(stack);
  return [...annotations.findError('*', awsSolutionsMessage), ...annotations.findWarning('*', awsSolutionsMessage)].map(
    (finding) => `${finding.id}: ${String(finding.entry.data).split('\n')[0]}`,
  );
};

describe('cdk-nag AwsSolutions checks', () => {
  it('find nothing unaccepted in the stack as deployed without context', () => {
    // act
    const findings = nagFindings();

    // assess
    expect(findings).toEqual([]);
  });

  it('find nothing unaccepted with every operations setting in the context', () => {
    // prepare
    const context = {
      [corsOriginsContextKey]: 'https://studio.example.com',
      [throttleRateContextKey]: '20',
      [throttleBurstContextKey]: '40',
      [alarmEmailContextKey]: 'owner@studio.example.com',
      [jwtIssuerContextKey]: 'https://login.example.com/realms/studio',
      [jwtAudienceContextKey]: 'studio-web',
    };

    // act
    const findings = nagFindings(context);

    // assess
    expect(findings).toEqual([]);
  });

  it('still reports a resource that breaks a rule and was never accepted', () => {
    // act
    const findings = nagFindings({}, (stack) => new Topic(stack, 'UnreviewedTopic'));

    // assess
    expect(findings).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/StudioApi\/UnreviewedTopic\/Resource: AwsSolutions-SNS3/)]),
    );
  });

  it('checks the areas’ nested stacks too', () => {
    // act
    const findings = nagFindings({}, (stack) => new Topic(stack.areaStacks[0] ?? stack, 'UnreviewedTopic'));

    // assess
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/StudioApi\/ContactsArea\/UnreviewedTopic\/Resource: AwsSolutions-SNS3/),
      ]),
    );
  });
});
