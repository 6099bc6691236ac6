import { sealingOptions } from '../document/contract-document.ts';
import { renderTerminationLetter, type TerminatedContract } from '../document/termination-letter.ts';

/**
 * The Kündigungsbestätigung of the contract's termination as a letter (shared/documents/termination-confirmation.ts),
 * sealed as the copy is. A file of its own, so that the copy's bundles do not carry the letter.
 */
export const renderTerminationLetterFile = async (contract: TerminatedContract): Promise<Uint8Array> =>
  renderTerminationLetter(contract, await sealingOptions());
