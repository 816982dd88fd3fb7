import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'info' | 'brand' | 'success' | 'warning' | 'danger' | 'alert';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-200 text-slate-800',
  info: 'bg-sky-100 text-sky-900',
  brand: 'bg-brand-100 text-brand-900',
  success: 'bg-green-100 text-green-800',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-900',
  // The strongest: something needs attention now (an overdue loan).
  alert: 'bg-red-700 text-white',
};

/** A state in words on a coloured pill; the colour only repeats what the words say. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
