import { Stack } from 'aws-cdk-lib';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/** `cdk deploy -c mailFrom=vertraege@studio.example`: the verified SES identity the customer's copies come from. */
export const mailFromContextKey = 'mailFrom';
// A placeholder that SES refuses until the studio verifies its own address: the README says to set it.
export const defaultMailFrom = 'vertraege@studio.example';

export const mailFromOf = (scope: Construct): string =>
  (scope.node.tryGetContext(mailFromContextKey) as string | undefined) ?? defaultMailFrom;

/** The environment of a function that sends mail: SES from that identity. */
export const mailEnvironment = (scope: Construct) => ({ MAIL_TRANSPORT: 'ses', MAIL_FROM: mailFromOf(scope) });

/**
 * The function may send through SES only from the configured address, whether
 * SES knows it as an email identity or through its verified domain.
 */
export const allowSendingMail = (scope: Construct, role: IRole): void => {
  const from = mailFromOf(scope);
  const { region, account, partition } = Stack.of(scope);
  const identity = (name: string) => `arn:${partition}:ses:${region}:${account}:identity/${name}`;
  role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [identity(from), identity(from.slice(from.indexOf('@') + 1))],
      conditions: { StringEquals: { 'ses:FromAddress': from } },
    }),
  );
};
