import type { UseFormRegister } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import type { ShareFlags } from '../lib/period.ts';
import type { PeriodFormInput } from '../lib/period-form-schema.ts';

// What the committee shares besides the interest (docs/domain/bonus.md, The surplus shared):
// chosen in the period form, named again wherever a proposal is shown.

const FLAGS = ['share_fines', 'share_other_income', 'less_expenses'] as const;
const LABELS: Record<(typeof FLAGS)[number], string> = {
  share_fines: /*i18n*/ 'admin-bonus.choice.fines',
  share_other_income: /*i18n*/ 'admin-bonus.choice.otherIncome',
  less_expenses: /*i18n*/ 'admin-bonus.choice.lessExpenses',
};

/** The three choices, as checkboxes of the period form. */
export function ChoiceFields({ register }: { register: UseFormRegister<PeriodFormInput> }) {
  const i18n = useTexts();
  return (
    <fieldset className="flex flex-col gap-1 sm:col-span-2">
      <legend className="font-medium text-slate-800">{i18n._('admin-bonus.choice.legend')}</legend>
      <p className="text-sm text-slate-700">{i18n._('admin-bonus.choice.hint')}</p>
      {FLAGS.map((flag) => (
        <label key={flag} className="flex min-h-11 items-center gap-3 self-start">
          <input type="checkbox" className="size-5 shrink-0 accent-brand-700" {...register(flag)} />
          <span className="text-slate-800">{i18n._(LABELS[flag])}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** What a proposal shares besides the interest, in one line; nothing when only the interest. */
export function ChoiceNote({ choice }: { choice: ShareFlags }) {
  const i18n = useTexts();
  const chosen = FLAGS.filter((flag) => choice[flag]);
  if (chosen.length === 0) return null;
  return (
    <p className="text-sm text-slate-700">
      {i18n._('admin-bonus.choice.chosen', {
        list: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
          chosen.map((flag) => i18n._(LABELS[flag])),
        ),
      })}
    </p>
  );
}
