import { tableName } from '../db/client.ts';
import type { WriteItem } from '../db/write.ts';

/*
 * The erasure log: one entry per erased contact, ids and times only (no personal data). A backup restored
 * (point-in-time recovery keeps 35 days) brings erased people back; re-applying the log erases them again
 * (README, "Personal data").
 */
export const erasureLogPartition = 'ERASURES';
export const erasureLogKey = (contactId: string) => ({ pk: erasureLogPartition, sk: `ERASURE#${contactId}` });

/** Why a person was erased: asked (`POST …/erasure`), or the retention of what had to be kept ended (the purge). */
export type ErasureBasis = 'request' | 'retention';

/** The entry of an erasure, written in the erasure's own transaction (put or overwrite: a re-applied one stays one). */
export const erasureLogEntry = (contactId: string, erasedAt: string, basis: ErasureBasis): WriteItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...erasureLogKey(contactId), entity: 'erasureLogEntry', contactId, erasedAt, basis },
  },
});
