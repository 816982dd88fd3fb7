import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIsHydrated } from './use-is-hydrated.ts';

function Form() {
  const isHydrated = useIsHydrated();
  return (
    <form>
      <fieldset disabled={!isHydrated}>
        <input name="email" />
      </fieldset>
    </form>
  );
}

describe('useIsHydrated', () => {
  // React's act() outside Testing Library (which sets this for its own renders).
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  beforeAll(() => void (scope.IS_REACT_ACT_ENVIRONMENT = true));
  afterAll(() => void (scope.IS_REACT_ACT_ENVIRONMENT = before));

  it('keeps a drawn-ahead form disabled until React has taken it over, keeping what was typed', async () => {
    const html = renderToString(<Form />);
    expect(html).toContain('disabled');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const input = container.querySelector('input')!;
    input.value = 'typed before';
    expect(container.querySelector('fieldset')!.disabled).toBe(true);

    await act(async () => void hydrateRoot(container, <Form />));
    expect(container.querySelector('fieldset')!.disabled).toBe(false);
    expect(input.value).toBe('typed before');
    container.remove();
  });

  it('is true from the first render of a page rendered in the browser', async () => {
    const container = document.createElement('div');
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useIsHydrated());
      return null;
    }
    await act(async () => createRoot(container).render(<Probe />));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(Boolean)).toBe(true);
  });
});
