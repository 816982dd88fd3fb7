// What an exit's card says of the member's leaving: when, where to pay, who asked, and how it ended.
import type { ReactNode } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { formatDate } from '../../../lib/dates.ts';
import type { AdminExit } from '../../../api/exits.ts';
import { ASKED_BY_TEXTS, FIELDS_TEXTS } from '../texts.ts';

export function ExitDetails({ exit }: { exit: AdminExit }) {
  const i18n = useTexts();
  const fields: { key: string; value: ReactNode; isWide?: boolean }[] = [
    { key: 'leaveOn', value: formatDate(exit.leave_on) },
    // As the member wrote it: an IBAN, an exchange house, cash.
    { key: 'payTo', value: <span dir="auto">{exit.pay_to}</span>, isWide: true },
    {
      key: 'askedBy',
      value: i18n._(ASKED_BY_TEXTS[exit.asked_by]!, { date: formatDate(exit.requested_at) }),
    },
  ];
  if (exit.reason) fields.push({ key: 'reason', value: exit.reason, isWide: true });
  if (exit.left_on) fields.push({ key: 'leftOn', value: formatDate(exit.left_on) });
  if (exit.closed_at) fields.push({ key: 'closedOn', value: formatDate(exit.closed_at) });
  if (exit.withdrawn_at) fields.push({ key: 'withdrawnOn', value: formatDate(exit.withdrawn_at) });
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-4">
      {fields.map(({ key, value, isWide }) => (
        <div key={key} className={`min-w-0 ${isWide ? 'sm:col-span-2' : ''}`}>
          <dt className="text-sm text-slate-600">{i18n._(FIELDS_TEXTS[key]!)}</dt>
          <dd className="font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
