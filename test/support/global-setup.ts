import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One in-memory DynamoDB Local for the whole run, on a free port. */
export default async function setup(project: TestProject) {
  const database = await startDynamoDbLocal();
  project.provide('dynamoEndpoint', database.endpoint);
  return () => database.stop();
}
