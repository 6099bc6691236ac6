import { streamFunction } from '#shared/background/stream-function.ts';
import { declarationRecords } from '#shared/declarations/match-declaration.ts';

/**
 * `declaration.received` from the table's stream (its trigger in shared/declarations/area.ts): each declaration
 * is matched, a match recorded, and the confirmation mailed. A failure names its record, so the stream resumes there.
 */
export const handler = streamFunction('declarations-match', declarationRecords);
