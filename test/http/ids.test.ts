import { describe, expect, it } from 'vitest';
import { isWellFormedId, monotonicIds, newId } from '#shared/http/ids.ts';

describe('ids', () => {
  it('begin with the time, so ids of later milliseconds sort after earlier ones', () => {
    const earlier = newId(Date.parse('2026-11-25T10:00:00.000Z'));
    const later = newId(Date.parse('2026-11-25T10:00:00.001Z'));

    expect(isWellFormedId(earlier) && isWellFormedId(later)).toBe(true);
    expect(earlier < later).toBe(true);
  });

  it('keep the order they were made in within one millisecond and when the clock steps back', () => {
    const nextId = monotonicIds();
    const now = Date.parse('2026-11-25T10:00:00.000Z');

    const ids = [nextId(now), nextId(now), nextId(now), nextId(now - 5), nextId(now + 1)];

    expect(ids.every(isWellFormedId)).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
