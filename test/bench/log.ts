/** A progress line on stderr, with the time of day: the report itself goes to stdout. */
export const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
