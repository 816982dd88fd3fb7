import { afterEach, beforeEach, vi } from 'vitest';

// A console.error or console.warn during a test fails it unless the test expects it
// (by replacing the spy itself).
let errorSpy: ReturnType<typeof vi.spyOn>;
let warnSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
  warnSpy = vi.spyOn(console, 'warn');
});

afterEach(() => {
  const calls = [...errorSpy.mock.calls, ...warnSpy.mock.calls];
  errorSpy.mockRestore();
  warnSpy.mockRestore();
  if (calls.length) {
    throw new Error(
      `Unexpected console output during the test:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});
