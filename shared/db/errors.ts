/**
 * What the data layer reports, as typed values. Nothing here knows HTTP: the
 * HTTP edge (`shared/http/problem-responses.ts`) maps each kind to
 * problem+json once, in the route's language.
 */
import type { areas } from '../areas.ts';

/** A write's condition failed; `failed[i]` is the i-th item of the write, with the item DynamoDB saw. */
export class ConditionFailed extends Error {
  constructor(readonly failed: ReadonlyArray<{ failed: boolean; item: Record<string, unknown> | undefined }>) {
    super('A condition of the write failed');
    this.name = 'ConditionFailed';
  }

  at(index: number): boolean {
    return this.failed[index]?.failed ?? false;
  }

  itemAt(index: number): Record<string, unknown> | undefined {
    return this.failed[index]?.item;
  }
}

/** What the areas' records are called (the keys of `entities` in each `shared/<area>/area.ts`). */
export type EntityName = (typeof areas)[number] extends infer Area
  ? Area extends { readonly entities: infer Entities }
    ? keyof Entities & string
    : never
  : never;

/** The record does not exist. */
export class NotFound extends Error {
  constructor(readonly entity: EntityName) {
    super(`No ${entity} has this id`);
    this.name = 'NotFound';
  }
}

/** `If-Match` names another version than the stored one (or the record is missing under `If-Match`). */
export class PreconditionFailed extends Error {
  constructor(readonly currentVersion: number | undefined) {
    super(
      currentVersion === undefined
        ? 'The record was changed by another request'
        : `The current version is ${currentVersion}`,
    );
    this.name = 'PreconditionFailed';
  }
}

/** Concurrent writes kept cancelling this one; the client may simply retry. */
export class WriteContention extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Concurrent requests changed the same data', options);
    this.name = 'WriteContention';
  }
}

/** A cursor that is not the nextCursor of this list. */
export class InvalidCursor extends Error {
  constructor() {
    super('Not a cursor of this list');
    this.name = 'InvalidCursor';
  }
}

/** Another request took over this request's Idempotency-Key (its lease ran out while this one still worked). */
export class IdempotencyClaimLost extends Error {
  constructor() {
    super('The Idempotency-Key was taken over by a retry');
    this.name = 'IdempotencyClaimLost';
  }
}
