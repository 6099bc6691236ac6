import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { NotFound } from '../../db/errors.ts';
import { isWellFormedId } from '../../http/ids.ts';

/** The `{amendmentId}` of a path; a malformed one cannot name an amendment, so it is answered like an unknown one. */
export const amendmentIdOf = (event: APIGatewayProxyEventV2): string => {
  const amendmentId = event.pathParameters?.amendmentId ?? '';
  if (!isWellFormedId(amendmentId)) throw new NotFound('amendment');
  return amendmentId;
};
