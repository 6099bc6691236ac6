import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectLockRetention, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

// Eight years and the two leap days in them: the least § 147 Abs. 3 AO / § 257 Abs. 4 HGB ask for. Every
// put names its own, later retainUntil; this default only catches an object written without one.
const legalMinimumRetention = Duration.days(8 * 365 + 2);

/**
 * The signed originals (docs/documents.md): each version is kept unaltered until its retain-until date by S3
 * itself. Compliance mode means nobody, not the account root either, can delete a version or shorten its
 * retention before then; versioning is what Object Lock locks, and there is deliberately no lifecycle rule.
 * Encrypted with a key of its own, so reading an original takes both s3:GetObject and kms:Decrypt.
 */
export class DocumentsBucket extends Construct {
  readonly bucket: Bucket;
  readonly key: Key;
  /** Who read or wrote which original, for the audit trail; log delivery cannot write SSE-KMS. */
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Without the key the locked originals are unreadable: it must outlive the stack as long as they do.
    this.key = new Key(this, 'Key', {
      description: 'Encrypts the signed originals of studio contracts',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.accessLogs = new Bucket(this, 'AccessLogs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.bucket = new Bucket(this, 'Bucket', {
      objectLockEnabled: true,
      objectLockDefaultRetention: ObjectLockRetention.compliance(legalMinimumRetention),
      versioned: true,
      encryption: BucketEncryption.KMS,
      encryptionKey: this.key,
      // One data key per bucket rather than per object: fewer KMS calls, same key.
      bucketKeyEnabled: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'originals/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /** The render path: writes an original once, extends its retention, reads it back after a 412. */
  allowStoring(role: IRole): void {
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:PutObjectRetention', 's3:GetObjectRetention', 's3:GetObject'],
        resources: [this.bucket.arnForObjects('contracts/*')],
      }),
    );
    this.key.grantEncryptDecrypt(role);
  }

  /**
   * The retention purge: list a contract's versions and delete each once its retain-until date has passed. In
   * compliance mode S3 refuses the delete before then to anyone, so no bypass is granted or needed.
   */
  allowPurging(role: IRole): void {
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucketVersions'],
        resources: [this.bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': 'contracts/*' } },
      }),
    );
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:GetObjectRetention', 's3:DeleteObjectVersion'],
        resources: [this.bucket.arnForObjects('contracts/*')],
      }),
    );
  }

  /** The download and copy routes: read an original, nothing more. */
  allowReading(role: IRole): void {
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.bucket.arnForObjects('contracts/*')] }),
    );
    this.key.grantDecrypt(role);
  }
}
