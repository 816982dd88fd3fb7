import { useState } from 'react';
import { useTexts } from '../lib/i18n.tsx';
import { DATE_TEXTS } from './texts.ts';
import type { FieldControlProps } from './field.tsx';

const selectClass =
  'min-h-11 min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-2 text-base text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-600';

/** A day as YYYY-MM-DD, '' when none is chosen; a part missing gives `INCOMPLETE`. */
export const INCOMPLETE = 'incomplete';

interface Parts {
  year: string;
  month: string;
  day: string;
}

const partsOf = (value: string): Parts => {
  const [year = '', month = '', day = ''] = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? value.split('-')
    : [];
  return { year, month, day };
};

/**
 * A day chosen as day, month and year, the month named in the page's language. A native date
 * input draws in the phone's language, not the page's, and at 320 px clipped to "mm/dd/y"
 * (issue 34). Spread a Field's props on it; `value` and `onChange` as a controlled input.
 */
export function DateField({
  value,
  onChange,
  fromYear,
  toYear,
  label,
  id,
  ...aria
}: FieldControlProps & {
  /** The field's label: the group's name, and each part's with it ("From, Day"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  fromYear: number;
  toYear: number;
}) {
  const i18n = useTexts();
  // The parts chosen so far; a whole date (or none) given from outside replaces them.
  const [parts, setParts] = useState(() => partsOf(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== INCOMPLETE) setParts(partsOf(value));
  }
  const choose = (chosen: Partial<Parts>) => {
    const next = { ...parts, ...chosen };
    setParts(next);
    if (!next.year && !next.month && !next.day) return onChange('');
    if (!next.year || !next.month || !next.day) return onChange(INCOMPLETE);
    // The 31st of a shorter month is its last day.
    const last = new Date(Date.UTC(Number(next.year), Number(next.month), 0)).getUTCDate();
    const dayOf = String(Math.min(Number(next.day), last)).padStart(2, '0');
    onChange(`${next.year}-${next.month}-${dayOf}`);
  };
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  // Each part's choices: its value ("03") and what the menu shows ("3", "March").
  const numbers = (count: number) =>
    Array.from({ length: count }, (_, i) => String(i + 1).padStart(2, '0'));
  const choices: Record<keyof Parts, [string, string][]> = {
    day: numbers(31).map((d) => [d, String(Number(d))]),
    month: numbers(12).map((m) => [
      m,
      monthName.format(new Date(Date.UTC(2000, Number(m) - 1, 15))),
    ]),
    year: Array.from({ length: toYear - fromYear + 1 }, (_, i) => String(toYear - i)).map((y) => [
      y,
      y,
    ]),
  };
  // Each part as wide as its longest choice; one that does not fit goes to the next line (a
  // month's long name in Malayalam at 320 px) rather than being cut.
  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-wrap gap-1 [&>select]:flex-[1_1_auto]"
    >
      {(['day', 'month', 'year'] as const).map((part, i) => (
        <select
          key={part}
          // The label's click lands on the first part.
          id={i === 0 ? id : undefined}
          {...aria}
          aria-label={`${label}, ${i18n._(DATE_TEXTS[part]!)}`}
          className={selectClass}
          value={parts[part]}
          onChange={(e) => choose({ [part]: e.target.value })}
        >
          <option value="">{i18n._(DATE_TEXTS[part]!)}</option>
          {choices[part].map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      ))}
    </div>
  );
}
