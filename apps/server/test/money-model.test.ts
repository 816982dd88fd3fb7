import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { makeReceipt } from './money-model/calls.ts';
import { steps } from './money-model/commands.ts';
import { MEMBERS, type FineRule } from './money-model/model.ts';
import { exitScenario, ownBooksExample, scenario } from './money-model/scenarios.ts';
import { closeApp, setUpRun } from './money-model/setup.ts';

// The money model run over random sequences of member and treasurer calls through the HTTP API,
// after the sequences written out in money-model/scenarios.ts. What it models and checks after
// every step, and where each part is, money-model/model.ts says. MODEL_RUNS=200 for the long
// version.
//
// Admins who are members and guarantee loans have a model of their own beside this one
// (money-model-guarantors.test.ts): here the admins are admins only.

const RUNS = Number(process.env.MODEL_RUNS ?? 5);
// About 55 s alone on a 2-core machine, twice that beside the other test files in CI.
const TIME_LIMIT_MS = Math.max(240_000, RUNS * 40_000);

describe('the money model: random member and treasurer calls keep the books right', () => {
  beforeAll(async () => {
    await makeReceipt();
  });

  it(
    `holds over ${RUNS} random sequences of calls`,
    async () => {
      let current: TestApp | null = null;
      /**
       * `savedMonths[i]`: the months of dues member i paid before the run, their savings;
       * `fineRule`: the association's late fine.
       */
      const setup = async (savedMonths: number[], fineRule: FineRule) => {
        if (current) await closeApp(current);
        current = null;
        const t = await createTestApp();
        current = t;
        return setUpRun(t, savedMonths, fineRule);
      };
      try {
        await fc.assert(
          fc.asyncProperty(
            // Sequences of any length up to 80 alike (not mostly short ones): a run's fresh app costs
            // more than its steps, and many steps wait for a loan in the state they act on.
            fc.noBias(fc.commands(steps, { maxCommands: 80, size: 'medium' })),
            // The months of dues each member paid before the run: mostly enough to borrow on (one
            // month, AED 200, lends at most AED 600, and the smallest loan is AED 500).
            fc.array(
              fc.oneof(
                { arbitrary: fc.integer({ min: 2, max: 4 }), weight: 4 },
                { arbitrary: fc.integer({ min: 0, max: 1 }), weight: 1 },
              ),
              { minLength: MEMBERS, maxLength: MEMBERS },
            ),
            // AED 10 a month late, or 7% of the due (AED 14).
            fc.constantFrom<FineRule>(
              { fineFils: 1_000, finePercent: null },
              { fineFils: 1_000, finePercent: 7 },
            ),
            (commands, savedMonths, fineRule) =>
              fc.asyncModelRun(() => setup(savedMonths, fineRule), commands),
          ),
          // A sequence that fails, or hangs, is reported with its seed and commands before the
          // test's own time limit: shrinking a long failing sequence can take minutes, and a
          // bare timeout (seen once in a full local run, not reproduced) would hide it.
          {
            numRuns: RUNS,
            // The loan's whole life with its guarantors, leaving and the own books first, whatever
            // the random runs reach (each example is one of the runs).
            examples: [scenario, exitScenario, ownBooksExample],
            // MODEL_SEED=<the seed a failure reports> runs that failure's sequences again.
            ...(process.env.MODEL_SEED ? { seed: Number(process.env.MODEL_SEED) } : {}),
            timeout: 60_000,
            interruptAfterTimeLimit: TIME_LIMIT_MS - 20_000,
            markInterruptAsFailure: true,
          },
        );
      } finally {
        if (current) await closeApp(current);
      }
    },
    TIME_LIMIT_MS,
  );
});
