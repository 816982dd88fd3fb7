import { useId } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';
import { ChatIcon, PhoneIcon } from '../../../components/icons.tsx';
import { compactSecondaryLink } from '../../../components/link-styles.ts';
import { tableLink } from '../../../components/styles.ts';
import { aed } from '../../../lib/format.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import type { ArrearsMember } from '../../../api/get-arrears.ts';

// A card a member, one a row on a phone and two on a wide screen, with the app's existing
// classes: the stylesheet every member's phone loads too does not grow for this page.

/** Who is behind, the longest first, as the server orders them. */
export function ArrearsList({
  members,
  labelledBy,
}: {
  members: ArrearsMember[];
  labelledBy: string;
}) {
  return (
    <ol aria-labelledby={labelledBy} className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {members.map((m) => (
        <MemberItem key={m.member.id} item={m} />
      ))}
    </ol>
  );
}

function MemberItem({ item }: { item: ArrearsMember }) {
  const i18n = useTexts();
  const nameId = useId();
  const figures = [
    {
      key: 'dues',
      label: i18n._('admin-arrears.list.duesOwed'),
      value: (
        <>
          {amountOrDash(item.dues_owed)}
          {item.months_behind > 0 && (
            <span className="block text-sm font-normal text-slate-600">
              {i18n._('admin-arrears.list.monthsBehind', { count: item.months_behind })}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'loan',
      label: i18n._('admin-arrears.list.loanOverdue'),
      value: amountOrDash(item.loan_overdue),
    },
    {
      key: 'owed',
      label: i18n._('admin-arrears.list.owed'),
      value: <span className="text-lg">{aed(item.owed)}</span>,
    },
    {
      key: 'oldest',
      label: i18n._('admin-arrears.list.oldestDue'),
      value: formatDate(item.oldest_due_on),
    },
  ];
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="min-w-0">
        <h3 id={nameId} className="font-semibold break-words text-slate-900">
          <Link
            to={`/admin/members/${item.member.id}`}
            className={`${tableLink} inline-flex min-h-11 items-center`}
          >
            {item.member.name}
          </Link>
        </h3>
        <p className="text-sm text-slate-600 tabular-nums">
          <span dir="ltr">{item.member.unique_id}</span>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        {figures.map((f) => (
          <div key={f.key} className="flex flex-col">
            <dt className="text-sm text-slate-600">{f.label}</dt>
            <dd className="font-bold text-slate-900 tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-2">
        <p className="text-sm text-slate-600">
          {item.last_reminder_at
            ? i18n._('admin-arrears.list.lastReminder', {
                date: formatDateTime(item.last_reminder_at),
              })
            : i18n._('admin-arrears.list.neverReminded')}
        </p>
        {item.call_url || item.whatsapp_url ? (
          <div className="flex flex-wrap gap-2">
            {item.call_url && (
              <a href={item.call_url} aria-describedby={nameId} className={compactSecondaryLink}>
                <PhoneIcon className="size-5 shrink-0" />
                {i18n._('admin-arrears.list.call')}
              </a>
            )}
            {item.whatsapp_url && (
              <a
                href={item.whatsapp_url}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby={nameId}
                className={compactSecondaryLink}
              >
                <ChatIcon className="size-5 shrink-0" />
                {i18n._('admin-arrears.list.whatsApp')}
              </a>
            )}
          </div>
        ) : (
          <p className="text-sm font-medium text-amber-900">
            {i18n._('admin-arrears.list.noMobile')}
          </p>
        )}
        {/* A number changed lately may not be the member's own any more: check before sending. */}
        {item.contact_changed_at && (
          <p className="text-sm font-medium text-amber-900">
            {i18n._('admin-arrears.list.contactChanged', {
              date: formatDateTime(item.contact_changed_at),
            })}
          </p>
        )}
      </div>
    </li>
  );
}

/** Nothing owed reads as a dash, so what is owed stands out. */
const amountOrDash = (amount: number) => (amount === 0 ? '—' : aed(amount));
