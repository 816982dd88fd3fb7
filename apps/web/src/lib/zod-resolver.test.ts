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
    document.dispatchEvent(new Event('keydown')); // the person turns to the page: no second load
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers a form error when its code cannot come, instead of leaving the tap unanswered', async () => {
    const resolver = lazyZodResolver(() => Promise.reject(new Error('offline')));
    const result = await resolver({ email: 'a@b.example', password: 'x' }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({ root: { type: 'load', message: 'Network Error' } });
  });

  it('loads again after a failed load (a dropped connection), rather than failing for good', async () => {
    let calls = 0;
    const resolver = lazyZodResolver(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new Error('offline'))
        : import('@jamiya/contracts/auth').then((m) => m.loginRequest);
    });
    // The early load, at a touch in a form, fails quietly.
    document.body
      .appendChild(document.createElement('form'))
      .dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls).toBe(1);
    const result = await resolver(
      { email: 'a@b.example', password: 'long enough' },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(calls).toBe(2);
    document.body.replaceChildren();
  });

  it('loads nothing while the page loads, and starts when the person first turns to its form', async () => {
    const load = vi.fn(() => import('@jamiya/contracts/auth').then((m) => m.loginRequest));
    lazyZodResolver(load);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();
    // A tap outside any form (a link that leaves the page) fetches no form's schema.
    const link = document.body.appendChild(document.createElement('a'));
    link.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();
    const field = document.body
      .appendChild(document.createElement('form'))
      .appendChild(document.createElement('input'));
    field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    document.body.replaceChildren();
  });

  it('starts as a dialog opens and takes the focus, before any field of its form', async () => {
    const load = vi.fn(() => import('@jamiya/contracts/auth').then((m) => m.loginRequest));
    lazyZodResolver(load);
    const close = document.body
      .appendChild(document.createElement('dialog'))
      .appendChild(document.createElement('button'));
    close.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    document.body.replaceChildren();
  });
});
