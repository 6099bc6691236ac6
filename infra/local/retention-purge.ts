/** Once an hour, as the issue of retention asks of `npm start` (AWS runs it daily). */
const hourMs = 60 * 60 * 1000;

export interface LocalRetentionPurge {
  stop(): void;
}

/**
 * The retention purge (docs/privacy.md) in this process: once now, awaited, so that a server started with
 * `STUDIO_CLOCK` past a restriction answers from a purged table; then every hour on a timer that keeps no process
 * alive. A failed run is logged on stderr and tried again at the next; it never stops the server. Imported after
 * `connectHandlers` has pointed this process at the local table, like the other background work.
 */
export const startLocalRetentionPurge = async ({ intervalMs = hourMs } = {}): Promise<LocalRetentionPurge> => {
  const { purgeExpiredRestrictions } = await import('#shared/privacy/purge-expired.ts');
  const run = async () => {
    try {
      const { erased, failed } = await purgeExpiredRestrictions();
      const failures = failed.map(({ contactId, error }) => `, ${contactId} failed (${error})`).join('');
      console.error(`Retention purge: ${erased.length} contact(s) erased${failures}`);
    } catch (error) {
      console.error(`Retention purge failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  await run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
};
