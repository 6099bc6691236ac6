import { afterEach } from 'vitest';

/**
 * Stops the API's clock at an instant (`STUDIO_CLOCK`, read by `shared/clock.ts`
 * outside Lambda): the local server runs the handlers in this test process. The
 * real clock is back after each test.
 */
export const useClock = () => {
  afterEach(() => {
    delete process.env.STUDIO_CLOCK;
  });
  return {
    /** From now on the API lives at `instant` (RFC 3339, e.g. `2026-12-31T23:30:00Z`). */
    set(instant: string) {
      process.env.STUDIO_CLOCK = instant;
    },
  };
};
