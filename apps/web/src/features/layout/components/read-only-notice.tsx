import { useTexts } from '../../../lib/i18n.tsx';
import { formatDate } from '../../../lib/dates.ts';

// Loaded, with the `leaving` texts it reads, only for a member whose membership has ended
// (member-layout.tsx): the others' first session never fetches it (the 200 KB budget,
// e2e/specs/member-phone.spec.ts).

/** Above every member page once the membership has ended: the account is read-only. */
export default function ReadOnlyNotice({ leftOn }: { leftOn: string }) {
  const i18n = useTexts();
  return (
    <p className="bg-slate-200 px-4 py-2 text-sm font-medium text-slate-900 md:px-8">
      {i18n._('leaving.readOnly', { date: formatDate(leftOn) })}
    </p>
  );
}
