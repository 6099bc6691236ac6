import { now } from '../clock.ts';
import { newId } from '../http/ids.ts';
import type { VersionPrecondition } from '../http/if-match.ts';
import { tableName } from './client.ts';
import { PreconditionFailed } from './errors.ts';
import { updateExpression } from './update-expression.ts';
import type { WriteItem } from './write.ts';

export interface Versioned {
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** A new record: a new id, version 1, created and updated now by `createdBy` (the caller's `sub`). */
export const newRecord = <I>(input: I, createdBy: string) => {
  const at = now().toISOString();
  return { id: newId(), ...input, createdAt: at, createdBy, updatedAt: at, updatedBy: createdBy, version: 1 };
};

/** The next version of a record: the new fields, a new `updatedAt`, `version` + 1. */
export const nextVersion = <R extends { version: number }, I>(current: R, input: I): R => ({
  ...current,
  ...input,
  updatedAt: now().toISOString(),
  version: current.version + 1,
});

/** Refuses a request whose `If-Match` names another version than the stored one. */
export const checkPrecondition = (precondition: VersionPrecondition | undefined, currentVersion: number): void => {
  if (precondition && !precondition(currentVersion)) throw new PreconditionFailed(currentVersion);
};

/**
 * An update that writes `attributes` only if the stored version is still the
 * one `attributes.version` was derived from. Attributes not named stay as they
 * are (marks that other areas keep on the item survive a replace).
 */
export const versionedUpdate = (key: Record<string, string>, attributes: Record<string, unknown>): WriteItem => {
  const { id: _id, createdAt: _createdAt, ...changed } = attributes;
  // Key attributes cannot be updated; they are the item's address.
  const update = updateExpression(Object.fromEntries(Object.entries(changed).filter(([name]) => !(name in key))));
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      ...update,
      ConditionExpression: 'version = :expectedVersion',
      ExpressionAttributeValues: {
        ...update.ExpressionAttributeValues,
        ':expectedVersion': (attributes.version as number) - 1,
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
};

/**
 * A check, in a transaction, that the item under `key` is still at `version`,
 * and meets `also` when given: what a write that copied or relied on that version requires.
 */
export const versionCheck = (
  key: Record<string, string>,
  version: number,
  also?: { condition: string; values: Record<string, unknown> },
): WriteItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: key,
    ConditionExpression: also ? `version = :version AND ${also.condition}` : 'version = :version',
    ExpressionAttributeValues: { ':version': version, ...also?.values },
  },
});

/** Thrown by a replace attempt whose version condition failed. */
export class VersionChanged extends Error {
  constructor() {
    super('The record changed since it was read');
    this.name = 'VersionChanged';
  }
}

// Each round of concurrent replaces lets at least one writer through, so a writer without If-Match
// gets through within as many rounds as there are writers; jitter keeps them from colliding again.
const maxAttempts = 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Read-modify-write without lost updates. With `If-Match` the caller decided
 * against a specific version, so a concurrent change is a 412; without it the
 * replace is simply tried again on the fresh record.
 */
export const replaceWithRetry = async <T>(
  ifMatch: VersionPrecondition | undefined,
  attempt: () => Promise<T>,
): Promise<T> => {
  for (let count = 1; ; count++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof VersionChanged)) throw error;
      if (ifMatch || count >= maxAttempts) throw new PreconditionFailed(undefined);
      await pause(Math.random() * 10 * count);
    }
  }
};
