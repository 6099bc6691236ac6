import { describe, expect, it } from 'vitest';
import { SerialLanes } from '#shared/db/serial-lanes.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SerialLanes', () => {
  it('runs the calls of one key one after another, in the order they came', async () => {
    const lanes = new SerialLanes();
    const log: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all(['a', 'b', 'c'].map((name) => lanes.run('year', task(name))));
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets calls of other keys run at the same time', async () => {
    const lanes = new SerialLanes();
    let release: () => void = () => {};
    const blocked = lanes.run('2026', () => new Promise<void>((resolve) => (release = resolve)));
    await expect(lanes.run('2027', async () => 'other year')).resolves.toBe('other year');
    release();
    await blocked;
  });

  it('passes a failure to its caller only and goes on with the next call', async () => {
    const lanes = new SerialLanes();
    const failed = lanes.run('year', async () => {
      throw new Error('lost');
    });
    const next = lanes.run('year', async () => 'next');
    await expect(failed).rejects.toThrow('lost');
    await expect(next).resolves.toBe('next');
  });
});
