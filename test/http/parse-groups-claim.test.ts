import { describe, expect, it } from 'vitest';
import { parseGroupsClaim } from '#shared/http/parse-groups-claim.ts';

// API Gateway's JWT authorizer passes `"cognito:groups": ["owner","staff"]` as the string "[owner staff]".
describe('parseGroupsClaim', () => {
  it('reads several groups from the bracketed, space-separated string API Gateway passes', () => {
    expect(parseGroupsClaim('[owner staff]')).toEqual(['owner', 'staff']);
  });

  it('reads one group from its bracketed form', () => {
    expect(parseGroupsClaim('[staff]')).toEqual(['staff']);
  });

  it('reads a plain string as one group', () => {
    expect(parseGroupsClaim('owner')).toEqual(['owner']);
  });

  it('finds no group in an empty string, an empty list or a missing claim', () => {
    expect(parseGroupsClaim('')).toEqual([]);
    expect(parseGroupsClaim('[]')).toEqual([]);
    expect(parseGroupsClaim(undefined)).toEqual([]);
  });

  it('keeps only the roles of the API and ignores other groups', () => {
    expect(parseGroupsClaim('[eu-central-1_Xy7AbC12d_Google owner admins]')).toEqual(['owner']);
    expect(parseGroupsClaim('[admins]')).toEqual([]);
  });

  it('never reads a role out of a longer group name or a JSON rendering', () => {
    expect(parseGroupsClaim('[owners staffing]')).toEqual([]);
    expect(parseGroupsClaim('["owner","staff"]')).toEqual([]);
  });

  it('takes an array as it is, for events written by hand', () => {
    expect(parseGroupsClaim(['staff', 'owner', 7])).toEqual(['staff', 'owner']);
  });
});
