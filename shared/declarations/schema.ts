import * as v from 'valibot';
import { calendarDay, mustBeString, recordReference, required } from '../contracts/fields.ts';
import { terminationKinds } from '../contracts/termination/termination-schema.ts';
import { schemaMessage } from '../messages/index.ts';
import { emailAddress, optionalText, printedName } from '../schema/fields.ts';
import { listQuery } from '../schema/list-query.ts';
import { recordId, recordVersion, timestamp } from '../schema/record.ts';
import { declarationTexts } from './texts.ts';

/*
 * What a customer declares without logging in (§ 312k, § 356a BGB): only what the law lets a studio ask for,
 * a name, an email for the confirmation, and what identifies the contract. Nothing else is stored.
 */

const person = {
  firstName: printedName(100),
  lastName: printedName(100),
  email: v.pipe(v.string(mustBeString), v.trim(), v.nonEmpty(required), emailAddress()),
  /** Optional: without it, the contact's one signed contract is meant. */
  contractNumber: optionalText(40, { multiline: false }),
};

const wishedEnd = v.union([v.literal('earliest'), calendarDay()], declarationTexts.schemaMessage('earliestOrDate'));

/** Body of `POST /api/public/terminations`: „Verträge hier kündigen“. */
export const TerminationDeclarationInput = v.pipe(
  v.strictObject({
    ...person,
    kind: v.optional(v.picklist(terminationKinds, schemaMessage('field.oneOf', terminationKinds)), 'ordinary'),
    reason: optionalText(2000),
    endsOn: v.optional(wishedEnd, 'earliest'),
  }),
  // § 314 BGB: a termination without notice needs a compelling reason.
  v.forward(
    v.partialCheck(
      [['kind'], ['reason']],
      (input) => input.kind !== 'extraordinary' || input.reason !== null,
      declarationTexts.schemaMessage('reasonForExtraordinary'),
    ),
    ['reason'],
  ),
);
export type TerminationDeclaration = v.InferOutput<typeof TerminationDeclarationInput>;

/** Body of `POST /api/public/withdrawals`: „Vertrag widerrufen“. */
export const WithdrawalDeclarationInput = v.strictObject(person);
export type WithdrawalDeclaration = v.InferOutput<typeof WithdrawalDeclarationInput>;

export const declarationTypes = ['termination', 'withdrawal'] as const;
export type DeclarationType = (typeof declarationTypes)[number];
export const declarationStatuses = ['matched', 'unmatched', 'assigned'] as const;
export type DeclarationStatus = (typeof declarationStatuses)[number];

/** What was declared, as the receipt and the staff list show it. */
export const DeclarationContentRecord = v.object({
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  contractNumber: v.nullable(v.string()),
  kind: v.optional(v.picklist(terminationKinds)),
  reason: v.optional(v.nullable(v.string())),
  endsOn: v.optional(v.string()),
});
export type DeclarationContent = TerminationDeclaration | WithdrawalDeclaration;

/** The answer of both public POSTs: the same shape whether or not a contract matched. */
export const DeclarationReceiptRecord = v.object({
  id: recordId(),
  receivedAt: timestamp(),
  declaration: DeclarationContentRecord,
});

/** A declaration as staff see it. */
export const DeclarationRecord = v.object({
  id: recordId(),
  type: v.picklist(declarationTypes),
  receivedAt: timestamp(),
  declaration: DeclarationContentRecord,
  status: v.picklist(declarationStatuses),
  contractId: v.nullable(recordId()),
});
export type Declaration = v.InferOutput<typeof DeclarationRecord>;

/**
 * A declaration as the table holds it: besides what staff see, when the matcher decided (`checkedAt`, null
 * until then: a fresh declaration reads as unmatched), the end it recorded, and when the confirmation went out.
 */
export const StoredDeclarationRecord = v.object({
  ...DeclarationRecord.entries,
  endsOn: v.nullable(v.string()),
  checkedAt: v.nullable(timestamp()),
  confirmedAt: v.nullable(timestamp()),
  version: recordVersion(),
});
export type StoredDeclaration = v.InferOutput<typeof StoredDeclarationRecord>;

/** Query of `GET /api/declarations`. */
export const DeclarationListQuery = listQuery({
  status: v.optional(v.picklist(declarationStatuses, schemaMessage('field.oneOf', declarationStatuses))),
});

/** Body of `POST /api/declarations/:id/assignment`. */
export const AssignmentInput = v.strictObject({ contractId: recordReference() });
