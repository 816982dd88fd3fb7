import { aedFils } from '../../../lib/format.ts';
import { useId, useRef } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import type { Fils } from '@jamiya/money/fils';

/**
 * The loan amount: − and + by the policy's step, never below the minimum or above the
 * maximum (docs/product.md 10.5). The value is an <output>, so a screen reader announces it.
 */
export function AmountStepper({
  valueFils,
  minFils,
  maxFils,
  stepFils,
  onChange,
  error,
}: {
  valueFils: Fils;
  minFils: Fils;
  maxFils: Fils;
  stepFils: Fils;
  onChange: (fils: Fils) => void;
  error?: string | undefined;
}) {
  const i18n = useTexts();
  const id = useId();
  const decreaseRef = useRef<HTMLButtonElement>(null);
  const increaseRef = useRef<HTMLButtonElement>(null);
  const canDecrease = valueFils - stepFils >= minFils;
  const canIncrease = valueFils + stepFils <= maxFils;

  // A button that becomes disabled would drop the keyboard focus; hand it to the other one.
  const step = (direction: 1 | -1) => {
    const next = valueFils + direction * stepFils;
    onChange(next);
    const isAtBound = direction === 1 ? next + stepFils > maxFils : next - stepFils < minFils;
    if (isAtBound) (direction === 1 ? decreaseRef : increaseRef).current?.focus();
  };

  const buttonClass =
    'grid size-11 shrink-0 place-items-center rounded-full border-2 border-brand-700 text-2xl font-bold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent';

  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-limits${error ? ` ${id}-error` : ''}`}
      className="flex flex-col gap-2"
    >
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {i18n._('loans.apply.amount')}
      </span>
      <div className="flex items-center justify-between gap-2 rounded-xl bg-brand-50 p-2">
        <button
          ref={decreaseRef}
          type="button"
          className={buttonClass}
          onClick={() => step(-1)}
          disabled={!canDecrease}
          aria-label={i18n._('loans.apply.decrease', { step: aedFils(stepFils) })}
        >
          <span aria-hidden>−</span>
        </button>
        <output
          aria-live="polite"
          aria-labelledby={`${id}-label`}
          className="min-w-0 flex-1 text-center text-xl font-extrabold tabular-nums text-brand-900 min-[360px]:text-3xl"
        >
          {aedFils(valueFils)}
        </output>
        <button
          ref={increaseRef}
          type="button"
          className={buttonClass}
          onClick={() => step(1)}
          disabled={!canIncrease}
          aria-label={i18n._('loans.apply.increase', { step: aedFils(stepFils) })}
        >
          <span aria-hidden>+</span>
        </button>
      </div>
      <p id={`${id}-limits`} className="text-center text-sm text-slate-600">
        {i18n._('loans.apply.limits', { min: aedFils(minFils), max: aedFils(maxFils) })}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
