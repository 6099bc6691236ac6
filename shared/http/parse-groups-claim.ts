import { type Role, roleNames } from '../routes.ts';

const isRole = (group: string): group is Role => (roleNames as readonly string[]).includes(group);

/**
 * The API's roles among the groups of a `cognito:groups` claim; other groups are ignored.
 *
 * API Gateway's JWT authorizer hands every claim to the function as a string,
 * and renders an array claim such as `["owner","staff"]` as `[owner staff]`
 * (brackets, space-separated). Cognito group names cannot contain whitespace,
 * so splitting on spaces is unambiguous. A plain string is one group; an array
 * (an event written by hand) is taken as it is.
 */
export const parseGroupsClaim = (claim: unknown): Role[] => {
  if (Array.isArray(claim)) return claim.filter((group): group is Role => typeof group === 'string' && isRole(group));
  if (typeof claim !== 'string') return [];
  const list = claim.startsWith('[') && claim.endsWith(']') ? claim.slice(1, -1) : claim;
  return list.split(' ').filter(isRole);
};
