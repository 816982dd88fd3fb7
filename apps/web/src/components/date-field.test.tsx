import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField, INCOMPLETE } from './date-field.tsx';

function Harness({ initial = '', onValue }: { initial?: string; onValue: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      id="from"
      label="From"
      aria-invalid={false}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
      fromYear={2024}
      toYear={2026}
    />
  );
}

describe('a date chosen as day, month and year', () => {
  it('names the months in the page’s language and gives YYYY-MM-DD once all three are chosen', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'From, Day' }), '21');
    expect(onValue).toHaveBeenLastCalledWith(INCOMPLETE);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'From, Month' }),
      'November',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'From, Year' }), '2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-11-21');
  });

  it('takes the 31st of a shorter month as its last day, and clears to no date', async () => {
    const onValue = vi.fn();
    render(<Harness initial="2026-01-31" onValue={onValue} />);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'From, Month' }),
      'February',
    );
    expect(onValue).toHaveBeenLastCalledWith('2026-02-28');
    for (const part of ['Day', 'Month', 'Year'])
      await userEvent.selectOptions(screen.getByRole('combobox', { name: `From, ${part}` }), '');
    expect(onValue).toHaveBeenLastCalledWith('');
  });
});
