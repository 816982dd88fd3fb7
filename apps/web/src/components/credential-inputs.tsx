import type { ComponentProps } from 'react';
import { inputClass } from './field.tsx';

// The email and password of an account, typed the same on every form that asks for them: the
// keyboard and the autocomplete words browsers and password managers read. They take what an
// <input> takes (a Field's props, the form's registration, a className). Both are typed left to
// right in Arabic and Urdu too (dir="ltr").

export function EmailInput(props: ComponentProps<'input'>) {
  return (
    <input
      type="email"
      autoComplete="email"
      inputMode="email"
      dir="ltr"
      className={inputClass}
      {...props}
    />
  );
}

/** `isNew`: a password being chosen, which a password manager offers to make and keep. */
export function PasswordInput({
  isNew = false,
  ...props
}: ComponentProps<'input'> & { isNew?: boolean }) {
  return (
    <input
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      dir="ltr"
      className={inputClass}
      {...props}
    />
  );
}
