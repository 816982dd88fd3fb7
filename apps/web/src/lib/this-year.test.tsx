import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useThisYear } from './this-year.ts';

function Footer() {
  return <p>© {useThisYear()} Jamiya</p>;
}

describe('useThisYear', () => {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  beforeAll(() => void (scope.IS_REACT_ACT_ENVIRONMENT = true));
  afterAll(() => void (scope.IS_REACT_ACT_ENVIRONMENT = before));
  afterEach(() => void vi.useRealTimers());

  it('hydrates a page the build drew last year without a mismatch, then shows this year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${__BUILD_YEAR__}-12-31T12:00:00Z`));
    const html = renderToString(<Footer />);
    expect(html).toContain(String(__BUILD_YEAR__));

    vi.setSystemTime(new Date(`${__BUILD_YEAR__ + 1}-01-02T12:00:00Z`));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const mismatches: unknown[] = [];
    await act(
      async () =>
        void hydrateRoot(container, <Footer />, {
          onRecoverableError: (error) => mismatches.push(error),
        }),
    );
    expect(mismatches).toEqual([]);
    expect(container.textContent).toBe(`© ${__BUILD_YEAR__ + 1} Jamiya`);
    container.remove();
  });
});
