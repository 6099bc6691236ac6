import * as v from 'valibot';
import { addDays, type CalendarDate, daysFromTo } from '../../calendar/calendar-date.ts';
import { type SchemaMessage, schemaMessage } from '../../messages/index.ts';
import { money, optionalText } from '../../schema/fields.ts';
import { calendarDay, recordReference, wholeNumber } from '../fields.ts';
import { amendmentTexts, contractTexts } from '../texts.ts';
import { amendmentKinds, pauseReasons } from './in-force-schema.ts';

/* Body of `POST /api/contracts/:id/amendments`, apart from the records: only the offer function bundles it. */

/** A pause is 1 to 366 days long, its first and last day counted. */
export const maxPauseDays = 366;

// The calendar ends with 9999: a pause from its last year may run to its last day, never past it.
const lastCalendarDay = '9999-12-31';
const lastStartOfAFullPause = addDays(lastCalendarDay, 1 - maxPauseDays);

/** The last day a pause from `from` may have. */
export const longestPauseFrom = (from: CalendarDate): CalendarDate =>
  from > lastStartOfAFullPause ? lastCalendarDay : addDays(from, maxPauseDays - 1);

// Checked with the body's shape, before the contract is read: a pause of 0 or 367 days is a 400 whatever the contract.
const pauseLengthMessage: SchemaMessage = (issue) => {
  const { effectiveFrom } = (issue as { input: { effectiveFrom: CalendarDate } }).input;
  return amendmentTexts.schemaMessage('pauseLength', effectiveFrom, longestPauseFrom(effectiveFrom))(issue);
};

const offerFields = {
  effectiveFrom: calendarDay(),
  // Default today + 14 days in the studio's zone: known only with the contract (offer-amendment.ts).
  offerExpiresOn: v.optional(calendarDay()),
};

const PauseOffer = v.pipe(
  v.strictObject({
    kind: v.literal('pause'),
    ...offerFields,
    lastDay: calendarDay(),
    reason: v.picklist(pauseReasons, schemaMessage('field.oneOf', pauseReasons)),
    reasonText: optionalText(500),
    monthlyFee: v.optional(money(), { amount: 0, currency: 'EUR' }),
    extendsTerm: v.optional(v.boolean(schemaMessage('field.trueOrFalse')), false),
  }),
  // Never a diagnosis (BGH XII ZR 42/10): only „other“ needs words, and no certificate is stored.
  v.forward(
    v.partialCheck(
      [['reason'], ['reasonText']],
      (input) => input.reason !== 'other' || input.reasonText !== null,
      amendmentTexts.schemaMessage('reasonTextForOther'),
    ),
    ['reasonText'],
  ),
  v.forward(
    v.partialCheck(
      [['effectiveFrom'], ['lastDay']],
      (input) => input.effectiveFrom <= input.lastDay && daysFromTo(input.effectiveFrom, input.lastDay) <= maxPauseDays,
      pauseLengthMessage,
    ),
    ['lastDay'],
  ),
);

const listOf = <T extends v.GenericSchema>(item: T) =>
  v.pipe(
    v.array(item, contractTexts.schemaMessage('mustBeList')),
    v.minLength(1, contractTexts.schemaMessage('atLeastOneItem')),
    v.maxLength(50, contractTexts.schemaMessage('atMostItems', 50)),
  );

const PriceOffer = v.strictObject({
  kind: v.literal('price'),
  ...offerFields,
  items: listOf(v.strictObject({ serviceId: recordReference(), unitPrice: money() })),
});

const ItemsOffer = v.strictObject({
  kind: v.literal('items'),
  ...offerFields,
  items: listOf(v.strictObject({ serviceId: recordReference(), quantity: v.optional(wholeNumber(1, 1000), 1) })),
});

/** Body of `POST /api/contracts/:id/amendments`: one variant per kind, each strict. */
export const AmendmentInput = v.variant(
  'kind',
  [PauseOffer, PriceOffer, ItemsOffer],
  schemaMessage('field.oneOf', amendmentKinds),
);
export type AmendmentInput = v.InferOutput<typeof AmendmentInput>;
export type PauseInput = Extract<AmendmentInput, { kind: 'pause' }>;
export type PriceInput = Extract<AmendmentInput, { kind: 'price' }>;
export type ItemsInput = Extract<AmendmentInput, { kind: 'items' }>;
