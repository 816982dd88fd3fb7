import { useState } from 'react';
import { DateField, INCOMPLETE } from '../../../components/date-field.tsx';
import { Field } from '../../../components/field.tsx';

/** The years a report's day may be chosen in: the books reach back some years at most. */
const YEARS_BACK = 10;

/**
 * A report's day (as of, from, to) as three menus: `onChange` hears a whole day, or '' when
 * every part is emptied; a day chosen in part keeps the report as it was.
 */
export function DayFilter({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (day: string) => void;
}) {
  const [shown, setShown] = useState(value);
  const [chosen, setChosen] = useState(value);
  // A day set from outside (a reset) replaces what was being chosen.
  if (value !== chosen) {
    setChosen(value);
    setShown(value);
  }
  const thisYear = new Date().getFullYear();
  return (
    <Field label={label} hint={hint}>
      {(a) => (
        <DateField
          {...a}
          label={label}
          value={shown}
          onChange={(day) => {
            setShown(day);
            if (day === INCOMPLETE) return;
            setChosen(day);
            onChange(day);
          }}
          fromYear={thisYear - YEARS_BACK}
          toYear={thisYear}
        />
      )}
    </Field>
  );
}
