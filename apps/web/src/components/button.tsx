import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/50',
  secondary: 'border border-brand-700 text-brand-700 bg-white hover:bg-brand-50',
  ghost: 'text-brand-700 hover:bg-brand-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};

export function Button({
  variant = 'primary',
  className = '',
  isBusy = false,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; isBusy?: boolean }) {
  return (
    <button
      type="button"
      {...props}
      disabled={props.disabled || isBusy}
      aria-busy={isBusy || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
    >
      {isBusy && (
        <span
          className="size-4 animate-spin rounded-full border-2 border-current border-e-transparent"
          aria-hidden
        />
      )}
      {children}
    </button>
  );
}
