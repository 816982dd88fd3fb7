import { describe, expect, it, vi } from 'vitest';
import { lazyZodResolver } from './zod-resolver.ts';

// What react-hook-form passes; the resolver reads none of it for these forms.
const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('lazyZodResolver', () => {
  it('validates with the schema it loads, loading it once', async () => {
    const load = vi.fn(() => import('@jamiya/contracts/auth').then((m) => m.loginRequest));
    const resolver = lazyZodResolver(load);
    const bad = await resolver({ email: 'not-an-email', password: '' }, undefined, options);
    expect(Object.keys(bad.errors)).toEqual(expect.arrayContaining(['email', 'password']));
    const good = await resolver(
      { email: ' rahul@jamiya.example ', password: 'jamiya-demo' },
      undefined,
      options,
    );
    expect(good.errors).toEqual({});
    // The shared schema's own output (the email trimmed), as the server would read it.
    expect(good.values).toEqual({ email: 'rahul@jamiya.example', password: 'jamiya-demo' });
    await new Promise((resolve) => setTimeout(resolve, 5)); // the idle prefetch has run too
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after a failed load (a dropped connection), rather than failing for good', async () => {
    let calls = 0;
    const resolver = lazyZodResolver(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new Error('offline'))
        : import('@jamiya/contracts/auth').then((m) => m.loginRequest);
    });
    await new Promise((resolve) => setTimeout(resolve, 5)); // the idle prefetch fails quietly
    const result = await resolver(
      { email: 'a@b.example', password: 'long enough' },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(calls).toBe(2);
  });
});
