import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolGroup,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { type Role, roleNames } from '#shared/routes.ts';

/** Context keys that point the authorizer at another OIDC issuer (`cdk deploy -c jwtIssuer=… -c jwtAudience=a,b`). */
export const jwtIssuerContextKey = 'jwtIssuer';
export const jwtAudienceContextKey = 'jwtAudience';

const groupDescriptions: Record<Role, string> = {
  owner: 'Studio owner: everything staff may, plus deleting contacts, managing services and cancelling contracts',
  staff: 'Studio staff: read everything, create and update contacts, create and sign contracts',
};

interface JwtSettings {
  issuer: string;
  audience: string[];
}

/**
 * Who may use the API: a Cognito user pool whose groups are the route
 * table's roles, an app client for the studio's front end, and API Gateway's
 * JWT authorizer that checks the pool's tokens before any function runs.
 */
export class StudioAuth extends Construct {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  readonly authorizer: HttpJwtAuthorizer;
  /** The issuer the authorizer trusts: the pool's, or the one from the context. */
  readonly jwtIssuer: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    // Customer data and contracts: an administrator creates every account, passwords are strong,
    // TOTP is available (never SMS: it can be intercepted), and recovery goes only to the verified email.
    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
      },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Threat protection (Plus plan, cents a month for a studio's few accounts) flags compromised passwords
      // and risky sign-ins. Audit only, as AWS advises for the first weeks; enforce once its scores are trusted.
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.AUDIT_ONLY,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    for (const role of roleNames) {
      new UserPoolGroup(this, `${role.charAt(0).toUpperCase()}${role.slice(1)}Group`, {
        userPool: this.userPool,
        groupName: role,
        description: groupDescriptions[role],
      });
    }

    // A browser app cannot keep a secret; SRP never sends the password. No hosted UI, so no OAuth flows.
    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userSrp: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
    });

    const settings = this.contextSettings() ?? {
      issuer: `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`,
      audience: [this.userPoolClient.userPoolClientId],
    };
    this.jwtIssuer = settings.issuer;
    // The audience check accepts an ID token (`aud`) and an access token (`client_id`) of the client alike.
    this.authorizer = new HttpJwtAuthorizer('JwtAuthorizer', settings.issuer, {
      authorizerName: 'studio-jwt',
      jwtAudience: settings.audience,
    });
  }

  /** Another OIDC issuer and its audiences, when the operator names both in the context. */
  private contextSettings(): JwtSettings | undefined {
    const issuer = this.node.tryGetContext(jwtIssuerContextKey) as string | undefined;
    const audience = this.node.tryGetContext(jwtAudienceContextKey) as string | undefined;
    if (issuer === undefined && audience === undefined) return undefined;
    const audiences = (audience ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (!issuer || !audiences.length) {
      throw new Error(`Set both ${jwtIssuerContextKey} and ${jwtAudienceContextKey} (comma-separated), or neither`);
    }
    return { issuer, audience: audiences };
  }
}
