import { AccountRootPrincipal, type IRole, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';
import type { RouteDefinition } from '#shared/routes.ts';

/*
 * The contract sealing key's policy. The account administers the key but cannot use it: CDK's default
 * policy grants `kms:*` to the account root, which would let any IAM principal with a `kms:Sign` policy
 * forge seals. Sealing and verifying are granted in the key policy to the one role of each function that
 * does it. The account keeps `kms:PutKeyPolicy`: without it the key could never be managed again (and KMS
 * refuses such a policy), so an administrator can still widen the policy, visibly, in CloudTrail.
 */

// Management of the key and its aliases, tags, rotation and deletion; no Sign, Verify or CreateGrant
// (a grant would hand out use of the key outside this policy).
export const sealingKeyAdministration = [
  'kms:CancelKeyDeletion',
  'kms:CreateAlias',
  'kms:DeleteAlias',
  'kms:DescribeKey',
  'kms:DisableKey',
  'kms:EnableKey',
  'kms:GetKeyPolicy',
  'kms:GetKeyRotationStatus',
  'kms:ListAliases',
  'kms:ListGrants',
  'kms:ListKeyPolicies',
  'kms:ListResourceTags',
  'kms:PutKeyPolicy',
  'kms:RetireGrant',
  'kms:RevokeGrant',
  'kms:ScheduleKeyDeletion',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:UpdateAlias',
  'kms:UpdateKeyDescription',
] as const;

export const sealingKeyPolicy = (): PolicyDocument =>
  new PolicyDocument({
    statements: [
      new PolicyStatement({
        sid: 'AccountAdministersTheKey',
        principals: [new AccountRootPrincipal()],
        actions: [...sealingKeyAdministration],
        resources: ['*'],
      }),
    ],
  });

/**
 * What a route's use of the key allows: signing also reads the public key, which the customer's copy
 * puts into the certificate of its PDF signature; the public key is no secret.
 */
export const sealingActions = {
  sign: ['kms:Sign', 'kms:GetPublicKey'],
  verify: ['kms:Verify'],
} as const satisfies Record<NonNullable<RouteDefinition['sealing']>, readonly string[]>;

/** Lets the function's role use the key as its route's `sealing` says, in the key's own policy. */
export const allowSealing = (key: Key, role: IRole, sealing: NonNullable<RouteDefinition['sealing']>): void => {
  key.addToResourcePolicy(
    new PolicyStatement({ principals: [role], actions: [...sealingActions[sealing]], resources: ['*'] }),
  );
};
