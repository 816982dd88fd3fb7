// The step of replay: the last call sent again with its Idempotency-Key.
import fc from 'fast-check';
import { expect } from 'vitest';
import { step } from './verify.ts';

/** The last call again with its key: the first answer comes back and nothing is written. */
const replayStep = step(
  'replayLast()',
  (model) => model.last !== null,
  async (model, real) => {
    const last = model.last!;
    const res = await real.t.app.inject(last.options);
    expect(res.statusCode).toBe(last.statusCode);
    expect(res.body).toBe(last.body);
    expect(res.headers['idempotent-replayed']).toBe('true');
  },
);
export const replay = fc.constant(replayStep);
