import { describe, expect, it } from 'vitest';
import { threadPool, type TimedTask } from './thread-pool.ts';

// A pool whose thread cannot load its module must tell the task that waited for it, and keep
// the process alive: Piscina reports such a thread as an 'error' event of the pool, which
// nobody listening to would throw in the main thread.

type Doubling = TimedTask & { n: number };

describe('a thread pool', () => {
  it('answers its tasks from its threads', async () => {
    const run = threadPool<Doubling, number>(import.meta.url, 'fixtures/doubles', 64);
    expect(await run({ n: 21 }, 5_000)).toBe(42);
  });

  it('rejects the task, and the next, when its thread cannot load, and says why', async () => {
    const warnings: string[] = [];
    const run = threadPool<Doubling, number>(import.meta.url, 'fixtures/throws-at-load', 64, (w) =>
      warnings.push(w),
    );
    // Under tsx the module's own error, or its loader's; either way, which pool and why.
    const failed =
      /^The pool thread of fixtures\/throws-at-load failed: (.*throws-at-load\.ts|This worker cannot load\.)/;
    await expect(run({ n: 1 }, 5_000)).rejects.toThrow(failed);
    // Another pool is started for the next task; it fails the same way, and as clearly.
    await expect(run({ n: 2 }, 5_000)).rejects.toThrow(failed);
    expect(warnings.filter((w) => w.includes('fixtures/throws-at-load pool'))).toHaveLength(2);
  }, 15_000);
});
