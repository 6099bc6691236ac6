import type { Template } from 'aws-cdk-lib/assertions';

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

type Resource = { Properties: Record<string, any> };

const namesRole = (roles: unknown, roleId: string): boolean =>
  Array.isArray(roles) && roles.some((role: { Ref?: string }) => role.Ref === roleId);

/**
 * Every statement a role is granted, wherever the template puts it: in `AWS::IAM::Policy` resources attached to
 * the role, or inline in the role's own `Policies`. Tests of grants read them here, whichever the stack uses.
 */
export const statementsOfRole = (template: Template, roleId: string): Statement[] => {
  const attached = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter((policy) => namesRole(policy.Properties.Roles, roleId))
    .map((policy) => policy.Properties.PolicyDocument);
  const role = (template.findResources('AWS::IAM::Role') as Record<string, Resource>)[roleId];
  const inline = (role?.Properties.Policies ?? []).map((policy: { PolicyDocument: unknown }) => policy.PolicyDocument);
  return [...attached, ...inline].flatMap((document: { Statement: Statement[] }) => document.Statement);
};

/** The actions of a list of statements, one by one. */
export const actionsOf = (statements: readonly Statement[]): string[] =>
  statements.flatMap((statement) => [statement.Action].flat());
