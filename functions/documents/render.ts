import { streamFunction } from '#shared/background/stream-function.ts';
import { documentRecords } from '#shared/documents/contract-events.ts';

/**
 * The contract events whose documents change, from the table's stream (its trigger in shared/documents/area.ts):
 * a signed contract's original is rendered and stored (and a mandate signed later beside it), a known end extends
 * their retention, a termination is confirmed. A failure names its record, so the stream resumes there.
 */
export const handler = streamFunction('documents-render', documentRecords);
