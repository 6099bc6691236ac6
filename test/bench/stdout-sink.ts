import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Sends everything written to stdout into `file` until the returned function
 * is called. The handlers log one line per request to stdout, as Lambda wants;
 * here that costs them a write per line as in Lambda, without burying the
 * bench's tables under thousands of log lines.
 */
export const redirectStdout = (file: string): (() => void) => {
  const descriptor = openSync(file, 'w');
  const original = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (typeof chunk === 'string') writeSync(descriptor, chunk);
    else writeSync(descriptor, chunk);
    const callback = rest.find((argument) => typeof argument === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as typeof process.stdout.write;
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    process.stdout.write = original;
    closeSync(descriptor);
  };
};
