import type { ComponentProps } from 'react';
import { inputClass } from './field.tsx';

/**
 * A sum in dirhams, to the fils (two decimals, never below zero), with the decimal keypad on
 * a phone: every money form types its amount here. Takes what an <input> takes (a Field's
 * props, the form's registration).
 */
export function AmountInput(props: ComponentProps<'input'>) {
  return (
    <input
      type="number"
      inputMode="decimal"
      // Digits read left to right in Arabic and Urdu too.
      dir="ltr"
      step="0.01"
      min="0"
      className={inputClass}
      {...props}
    />
  );
}
