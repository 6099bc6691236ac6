import * as v from 'valibot';
import { type SchemaMessage, schemaMessage } from '../messages/index.ts';
import { atMostCharacters } from '../schema/fields.ts';
import { isCalendarDate } from './dates.ts';

/* The pieces the contract's schemas share: its request bodies' fields and its records' dates and hashes. */

export const wholeNumber = (
  min: number,
  max: number,
  message: SchemaMessage = schemaMessage('field.integerRange', min, max),
) =>
  v.pipe(
    v.number(schemaMessage('field.mustBeNumber')),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
export const mustBeString = schemaMessage('field.mustBeString');
export const required = schemaMessage('field.required');

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
export const calendarDay = () =>
  v.pipe(
    v.string(schemaMessage('field.mustBeDateString')),
    v.trim(),
    v.isoDate(schemaMessage('field.dateFormat')),
    v.check(isCalendarDate, schemaMessage('field.realCalendarDate')),
  );

/** The id of a record of ours, as a request names it; an unknown one is decided later (422). */
export const recordReference = () =>
  v.pipe(v.string(mustBeString), v.trim(), v.nonEmpty(required), atMostCharacters(64));

export const dateRecord = () => v.pipe(v.string(), v.isoDate());

export const documentHash = () => v.pipe(v.string(), v.regex(/^sha256:[0-9a-f]{64}$/));
