import type { ReactNode } from 'react';

export type BadgeTone = 'success' | 'warning' | 'danger';

const TONES: Record<BadgeTone, string> = {
  success: 'bg-green-100 text-green-800',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-800',
};

export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
