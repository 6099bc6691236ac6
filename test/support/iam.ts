import type { Template } from 'aws-cdk-lib/assertions';

export type Statement = { Effect: string; Action: string | string[]; Resource: unknown; [key: string]: unknown };
type Resource = { Type: string; Properties: Record<string, any> };
type PolicyDocument = { Statement: Statement[] };

/** An identity policy as the template writes it: inline in a role, or an `AWS::IAM::Policy` naming its roles. */
export type RolePolicy = { roleIds: string[]; document: PolicyDocument };

/**
 * Every identity policy of a template with the roles it applies to. Our functions' roles carry their grants inline
 * (infra/function-role.ts); roles CDK makes itself get `AWS::IAM::Policy` resources. A test reads both, so it
 * holds whichever way a grant is written.
 */
export const rolePolicies = (template: Template): RolePolicy[] => {
  const roles = template.findResources('AWS::IAM::Role') as Record<string, Resource>;
  const inline = Object.entries(roles).flatMap(([roleId, role]) =>
    ((role.Properties.Policies ?? []) as { PolicyDocument: PolicyDocument }[]).map((policy) => ({
      roleIds: [roleId],
      document: policy.PolicyDocument,
    })),
  );
  const attached = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).map(
    (policy) => ({
      roleIds: ((policy.Properties.Roles ?? []) as { Ref?: string }[]).flatMap((role) => (role.Ref ? [role.Ref] : [])),
      document: policy.Properties.PolicyDocument as PolicyDocument,
    }),
  );
  return [...inline, ...attached];
};

/** The statements of every identity policy that applies to the role. */
export const statementsOfRole = (template: Template, roleId: string): Statement[] =>
  rolePolicies(template)
    .filter((policy) => policy.roleIds.includes(roleId))
    .flatMap((policy) => policy.document.Statement);

/** The role a function runs as (its logical id). */
export const roleOfFunction = (template: Template, functionId: string): string => {
  const fn = (template.findResources('AWS::Lambda::Function') as Record<string, Resource>)[functionId];
  if (!fn) throw new Error(`No function ${functionId}`);
  return fn.Properties.Role['Fn::GetAtt'][0];
};

/** The statements of every identity policy of the function's role. */
export const statementsOfFunction = (template: Template, functionId: string): Statement[] =>
  statementsOfRole(template, roleOfFunction(template, functionId));

/** Every identity statement in the template. */
export const allStatements = (template: Template): Statement[] =>
  rolePolicies(template).flatMap((policy) => policy.document.Statement);
