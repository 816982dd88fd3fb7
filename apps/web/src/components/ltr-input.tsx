import type { ComponentProps } from 'react';
import { inputClass } from './field.tsx';

/**
 * A box for a number or an ID ("Botim 0551234567", a passport's number): typed left to right
 * in Arabic and Urdu too, and not filled in from what the browser remembers. It takes what an
 * <input> takes besides (a Field's props, the form's registration).
 */
export function LtrInput(props: ComponentProps<'input'>) {
  return <input autoComplete="off" dir="ltr" className={inputClass} {...props} />;
}
