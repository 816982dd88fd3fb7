import type { ReactNode } from 'react';
import type { Fils } from '@jamiya/money/fils';
import { aedFils } from '../lib/format.ts';

// Sized by the room the amount has, not by the screen: a card two to a row on a 320 px
// phone has 106 px, and "AED 1,426.66" keeps its no-break space. About 0.61 em a character
// in bold tabular digits, so each step holds 13 characters ("AED 10,700.50").
const AMOUNT_SIZES = {
  xl: 'text-base @[9rem]:text-lg @[10rem]:text-xl',
  '2xl': 'text-base @[9rem]:text-lg @[10rem]:text-xl @[12rem]:text-2xl',
  '3xl': 'text-base @[9rem]:text-lg @[10rem]:text-xl @[12rem]:text-2xl @[15rem]:text-3xl',
} as const;

/** A card's big amount, as large as its room allows up to `max`. */
export function CardAmount({
  children,
  max = '2xl',
  className = '',
}: {
  children: ReactNode;
  max?: keyof typeof AMOUNT_SIZES;
  className?: string;
}) {
  return (
    <div className="@container">
      <p className={`font-extrabold tracking-tight tabular-nums ${AMOUNT_SIZES[max]} ${className}`}>
        {children}
      </p>
    </div>
  );
}

// Columns by the room the list has (the side navigation takes a third of a tablet): 9rem
// holds "AED 10,700.50" at text-lg.
const COLUMNS = {
  2: '@[19rem]:grid-cols-2',
  3: '@[19rem]:grid-cols-2 @[29rem]:grid-cols-3',
  4: '@[19rem]:grid-cols-2 @[39rem]:grid-cols-4',
} as const;

export interface Figure {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/**
 * Figures as label and value, in columns; where two columns do not fit, one a line, label at
 * the start and value at the end.
 */
export function Figures({
  items,
  columns = 3,
  className = '',
}: {
  items: readonly Figure[];
  columns?: keyof typeof COLUMNS;
  className?: string;
}) {
  return (
    <div className={`@container ${className}`}>
      <dl className={`grid grid-cols-1 gap-x-4 gap-y-3 ${COLUMNS[columns]}`}>
        {items.map((f) => (
          <div
            key={f.key}
            className="flex flex-wrap items-baseline justify-between gap-x-3 @[19rem]:block"
          >
            <dt className="text-sm text-slate-600">{f.label}</dt>
            <dd className="text-end text-lg font-bold text-slate-900 tabular-nums @[19rem]:text-start">
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * The cash in hand before and after money paid out of it, the after in red when it falls
 * short; `labels` name the two (each feature says them in its own words).
 */
export function CashBeforeAfter({
  cashFils,
  leftFils,
  labels,
  className,
}: {
  cashFils: Fils;
  leftFils: Fils;
  labels: { before: string; after: string };
  /** The box's corners. */
  className: string;
}) {
  const isShort = leftFils < 0;
  return (
    <dl className={`grid grid-cols-2 gap-x-4 gap-y-2 ${className} bg-slate-50 p-3`}>
      <div>
        <dt className="text-sm text-slate-600">{labels.before}</dt>
        <dd className="font-bold text-slate-900 tabular-nums">{aedFils(cashFils)}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">{labels.after}</dt>
        <dd className={`font-bold tabular-nums ${isShort ? 'text-red-800' : 'text-slate-900'}`}>
          {aedFils(leftFils)}
        </dd>
      </div>
    </dl>
  );
}
