import type { ImportApplied } from '@jamiya/contracts/imports';
import { useTexts } from '../../../lib/i18n.tsx';
import { FocusHeading } from '../../../components/focus-heading.tsx';
import { ImportFiguresList } from './import-figures.tsx';
import { Invitations } from './invitations.tsx';

/**
 * An import applied (by this admin alone, or confirmed by them as the second): what it brought
 * in, and the members' invitations, mailed or to hand over.
 */
export function AppliedPanel({ answer }: { answer: ImportApplied }) {
  const i18n = useTexts();
  return (
    <section
      aria-labelledby="import-applied"
      className="flex flex-col gap-4 rounded-2xl border border-green-300 bg-green-50 p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <FocusHeading id="import-applied">{i18n._('admin-import.applied.title')}</FocusHeading>
        <p role="status" className="font-medium text-green-900">
          {answer.message}
        </p>
      </div>
      <div className="rounded-xl bg-white p-4">
        <ImportFiguresList figures={answer.import} />
      </div>
      {answer.invitations_mailed ? (
        <p className="rounded-xl bg-white p-3 text-slate-800">
          {i18n._('admin-import.applied.mailed')}
        </p>
      ) : (
        answer.invitations.length > 0 && <Invitations invitations={answer.invitations} />
      )}
    </section>
  );
}
