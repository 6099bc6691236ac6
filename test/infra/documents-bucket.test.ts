import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { type IRole, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { describe, expect, it } from 'vitest';
import { BackgroundFunction } from '#infra/background-function.ts';
import { DocumentsBucket } from '#infra/documents-bucket.ts';
import { constructId } from '#infra/stack.ts';
import { constructNamed, flatTemplate, logicalIdOf, studioApiStack } from '../support/cdk-app.ts';
import { rolePolicies, statementsOfRole } from '../support/iam.ts';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

const { stack } = studioApiStack();
const template = flatTemplate(stack);
const logicalId = logicalIdOf;
const bucketId = logicalId(stack.documents.bucket);
const keyId = logicalId(stack.documents.key);
const bucket = template.findResources('AWS::S3::Bucket')[bucketId] as Resource;

describe('the bucket of signed originals', () => {
  it('locks every object version in compliance mode, with versioning and no lifecycle rule', () => {
    expect(bucket.Properties.ObjectLockEnabled).toBe(true);
    expect(bucket.Properties.ObjectLockConfiguration).toEqual({
      ObjectLockEnabled: 'Enabled',
      Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 8 * 365 + 2 } },
    });
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties.LifecycleConfiguration).toBeUndefined();
    expect(bucket.DeletionPolicy).toBe('Retain');
  });

  it('encrypts with a KMS key of its own, rotated and kept when the stack goes', () => {
    expect(bucket.Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [
        {
          BucketKeyEnabled: true,
          ServerSideEncryptionByDefault: {
            SSEAlgorithm: 'aws:kms',
            KMSMasterKeyID: { 'Fn::GetAtt': [keyId, 'Arn'] },
          },
        },
      ],
    });
    template.hasResource('AWS::KMS::Key', {
      Properties: Match.objectLike({ EnableKeyRotation: true }),
      DeletionPolicy: 'Retain',
    });
    expect(keyId).not.toBe(logicalId(stack.sealingKey));
  });

  it('blocks public access and refuses any request without TLS', () => {
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('logs every access to a bucket of its own', () => {
    expect(bucket.Properties.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: logicalId(stack.documents.accessLogs) },
      LogFilePrefix: 'originals/',
    });
  });

  it('lets the render path (documents-render, contracts-document, contracts-send-copy, signing-document, contracts-amendment-document) store originals, documents-get read them, contacts-retention-purge delete them, and no other function touch the bucket', () => {
    const roleOfRoute = (name: string) => {
      const found = constructNamed(stack, constructId(name));
      return logicalId(
        ((found instanceof BackgroundFunction ? found.function : found) as NodejsFunction).role as IRole,
      );
    };
    const s3Actions = (roleId: string) =>
      statementsOfRole(template, roleId)
        .filter((statement) => JSON.stringify(statement).includes(bucketId))
        .flatMap((statement) => [statement.Action].flat())
        .sort();

    expect(s3Actions(roleOfRoute('contracts-document'))).toEqual([
      's3:GetObject',
      's3:GetObjectRetention',
      's3:PutObject',
      's3:PutObjectRetention',
    ]);
    for (const renderPath of [
      'contracts-send-copy',
      'signing-document',
      'documents-render',
      'contracts-amendment-document',
    ]) {
      expect(s3Actions(roleOfRoute(renderPath)), renderPath).toEqual(s3Actions(roleOfRoute('contracts-document')));
    }
    expect(s3Actions(roleOfRoute('documents-get'))).toEqual(['s3:GetObject']);
    expect(s3Actions(roleOfRoute('contacts-retention-purge'))).toEqual([
      's3:DeleteObjectVersion',
      's3:GetObjectRetention',
      's3:ListBucketVersions',
    ]);
    const policiesNamingTheBucket = rolePolicies(template).filter((policy) =>
      JSON.stringify(policy.document).includes(bucketId),
    );
    expect(policiesNamingTheBucket).toHaveLength(7);
    const functionsWithTheBucket = Object.values(
      template.findResources('AWS::Lambda::Function') as Record<string, Resource>,
    ).filter((fn) => JSON.stringify(fn.Properties.Environment ?? {}).includes('ORIGINALS_BUCKET'));
    expect(functionsWithTheBucket).toHaveLength(7);
  });

  it('lets the render path store and extend, and the read routes only get', () => {
    // prepare
    const scratch = new Stack();
    const documents = new DocumentsBucket(scratch, 'Documents');
    const role = (id: string) => new Role(scratch, id, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    const renderer = role('Renderer');
    const reader = role('Reader');

    // act
    documents.allowStoring(renderer);
    documents.allowReading(reader);
    const synthesized = Template.fromStack(scratch);

    // assess
    const rendererId = scratch.getLogicalId(renderer.node.defaultChild as never);
    const readerId = scratch.getLogicalId(reader.node.defaultChild as never);
    const rendererActions = statementsOfRole(synthesized, rendererId).flatMap((s) => [s.Action].flat());
    const readerActions = statementsOfRole(synthesized, readerId).flatMap((s) => [s.Action].flat());
    expect(rendererActions.filter((action) => action.startsWith('s3:')).sort()).toEqual([
      's3:GetObject',
      's3:GetObjectRetention',
      's3:PutObject',
      's3:PutObjectRetention',
    ]);
    expect(readerActions.sort()).toEqual(['kms:Decrypt', 's3:GetObject']);
    expect(rendererActions).toContain('kms:GenerateDataKey*');
    expect([...rendererActions, ...readerActions]).not.toContain('kms:Sign');
  });
});

describe('the renderer of signed originals', () => {
  const rendererId = logicalId(constructNamed(stack, constructId('documents-render')));

  it('reads the table’s stream for the inserted contract, reminder, amendment and returned-due events whose documents or mails follow, and parks what fails', () => {
    const mappings = Object.values(
      template.findResources('AWS::Lambda::EventSourceMapping', {
        Properties: { FunctionName: { Ref: rendererId } },
      }) as Record<string, Resource>,
    );

    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]?.Properties ?? {};
    expect(mapping.EventSourceArn).toEqual({ 'Fn::GetAtt': [logicalId(stack.table), 'StreamArn'] });
    expect(mapping).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [expect.stringContaining('RenderDeadLetters'), 'Arn'] } },
      },
    });
    expect(mapping.FilterCriteria.Filters.map((filter: { Pattern: string }) => JSON.parse(filter.Pattern))).toEqual([
      {
        eventName: ['INSERT'],
        dynamodb: {
          NewImage: {
            entity: { S: ['event'] },
            type: {
              S: [
                'contract.signed',
                'contract.terminated',
                'contract.withdrawn',
                'mandate.signed',
                'reminder.sent',
                'amendment.agreed',
                'due.returned',
              ],
            },
          },
        },
      },
    ]);
  });

  it('is watched: its dead letters and its lag behind the stream raise alarms', () => {
    const alarms = Object.keys(template.findResources('AWS::CloudWatch::Alarm'));

    expect(alarms.filter((id) => id.includes('DocumentsRenderDeadLetters'))).toHaveLength(1);
    expect(alarms.filter((id) => id.includes('DocumentsRenderIteratorAge'))).toHaveLength(1);
  });
});
