import { json } from './reply.ts';

/** The floor of a function that makes no DynamoDB call: a Lambda that only answers. */
export const staticAnswer = async () => json(200, { ok: true });
