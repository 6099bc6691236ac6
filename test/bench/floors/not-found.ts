import { json } from './reply.ts';

/** The floor of the `$default` route: no DynamoDB call, so nothing but an answer. */
export const handler = async () => json(404, { message: 'No such route' });
