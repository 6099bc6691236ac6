import { earliestEndOn, todayIn } from '../contracts/dates.ts';
import type { ContractWithSignatures } from '../contracts/schema.ts';
import type { TerminationInput } from '../contracts/termination/termination-schema.ts';
import type { TerminationDeclaration } from './schema.ts';

/**
 * The termination a declaration asks for, as §9 records it: received on the day it arrived in the studio's
 * zone. A wished end before the earliest possible one ends the contract at the earliest (a termination to
 * a date too early takes effect at the next possible date); an extraordinary one ends when received unless
 * a later day is wished.
 */
export const terminationOf = (
  contract: ContractWithSignatures,
  declaration: TerminationDeclaration,
  receivedAt: string,
): TerminationInput => {
  const receivedOn = todayIn(contract.studio.timeZone, new Date(receivedAt));
  const wished = declaration.endsOn === 'earliest' ? null : declaration.endsOn;
  if (declaration.kind === 'extraordinary') {
    return {
      kind: 'extraordinary',
      receivedOn,
      reason: declaration.reason,
      endsOn: wished && wished > receivedOn ? wished : receivedOn,
    };
  }
  const earliest = contract.renewal === 'none' ? null : earliestEndOn(contract, receivedOn);
  return {
    kind: 'ordinary',
    receivedOn,
    reason: declaration.reason,
    endsOn: wished && earliest && wished > earliest ? wished : null,
  };
};
