import { describe, expect, it } from 'vitest';
import { InvocationSlots } from '../../infra/local/invocation-slots.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the local server’s invocation slots', () => {
  it('runs at most as many invocations at once as it has slots, the rest in the order they came', async () => {
    const slots = new InvocationSlots(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        slots.run(async () => {
          started.push(index);
          running++;
          most = Math.max(most, running);
          await tick();
          running--;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('frees the slot of an invocation that failed', async () => {
    const slots = new InvocationSlots(1);
    await expect(
      slots.run(async () => {
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a size that is not a whole number of at least 1', () => {
    expect(() => new InvocationSlots(0)).toThrow(/whole number/);
    expect(() => new InvocationSlots(1.5)).toThrow(/whole number/);
  });
});
