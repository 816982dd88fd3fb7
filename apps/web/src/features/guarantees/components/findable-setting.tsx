import { useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { aed } from '../../../lib/format.ts';
import { toastError, toastSuccess } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { useSaveFindable } from '../api/save-findable.ts';

/**
 * Whether members applying for a loan may find this member in the list of guarantors, saved as
 * soon as it is ticked; and the savings a new guarantee could still hold.
 */
export function FindableSetting({
  findable,
  freeSavings,
}: {
  findable: boolean;
  freeSavings: number;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const save = useSaveFindable();
  // The choice being saved shows at once, set in the click itself (the mutation's own state comes
  // a tick later, after React has put a controlled box back); a refusal puts back the one saved.
  const [choice, setChoice] = useState<boolean | null>(null);
  const isChecked = choice ?? findable;

  // Not disabled while it saves: a disabled box loses the keyboard's focus.
  const onChange = (next: boolean) => {
    if (save.isPending) return;
    setChoice(next);
    save.mutate(next, {
      onSuccess: (saved) => toastSuccess(saved.message),
      onError: toastError,
      onSettled: () => setChoice(null),
    });
  };

  return (
    <section
      aria-labelledby="findable-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="findable-title" className="sr-only">
        {i18n._('guarantees.findable.title')}
      </h2>
      <div>
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-brand-700"
            checked={isChecked}
            disabled={!isOnline}
            aria-busy={save.isPending || undefined}
            aria-describedby="findable-hint"
            onChange={(e) => onChange(e.target.checked)}
          />
          <span className="font-medium text-slate-900">{i18n._('guarantees.findable.label')}</span>
        </label>
        <p id="findable-hint" className="ps-8 text-sm text-slate-600">
          {i18n._('guarantees.findable.hint')}
        </p>
      </div>
      <p className="border-t border-slate-100 pt-3 text-sm text-slate-700">
        {i18n._('guarantees.freeSavings', { amount: aed(freeSavings) })}
      </p>
    </section>
  );
}
