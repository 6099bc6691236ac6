import type { FunctionName } from './bundles.ts';

/*
 * Issue 22: SEPA direct debit. The dues of a contract are computed on every read (stored only once
 * collected), so their route is held to the general warm ratio against the same DynamoDB calls; the sample
 * request asks for two years of a membership's monthly dues.
 */

/** What `npm run bench -- --only sepa` measures: the dues and the collections' functions. */
export const sepaFunctions: readonly FunctionName[] = ['contracts-dues'];
