import {
  type AddToPrincipalPolicyResult,
  PolicyDocument,
  type PolicyStatement,
  Role,
  ServicePrincipal,
} from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/**
 * A function's role whose grants all go into one inline policy of the role itself. CDK's default puts them in an
 * `AWS::IAM::Policy` resource of their own, one per function: with some 70 functions that alone was a seventh of
 * CloudFormation's 500 resources per stack. The permissions are the same; only where they are written differs.
 */
export class FunctionRole extends Role {
  /** The one inline policy every grant of the function goes into. */
  readonly policyDocument: PolicyDocument;

  constructor(scope: Construct, id: string) {
    const grants = new PolicyDocument();
    // The document renders when the template is written, so statements added after this still land in it.
    super(scope, id, { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), inlinePolicies: { grants } });
    this.policyDocument = grants;
  }

  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.policyDocument.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}
