import { useId } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';
import { ChatIcon, PhoneIcon } from '../../../components/icons.tsx';
import { tableLink } from '../../../components/styles.ts';
import { aed } from '../../../lib/format.ts';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import type { ArrearsMember } from '../../../api/get-arrears.ts';

// One list at every width: a card a member on a phone (two to a row on a tablet), and from
// xl, where the columns fit beside the menu, a row a member under a header. The header is for
// the eye; each value keeps its own label for a screen reader.
const ROW = 'xl:grid xl:grid-cols-[minmax(0,1fr)_31.75rem_15rem] xl:gap-x-3';
const FIGURES = 'xl:grid xl:grid-cols-[7rem_7rem_7rem_8.5rem] xl:gap-x-3';

const action =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-700 bg-white px-3 py-2 font-semibold text-brand-700 transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** Who is behind, the longest first, as the server orders them. */
export function ArrearsList({
  members,
  labelledBy,
}: {
  members: ArrearsMember[];
  labelledBy: string;
}) {
  const i18n = useTexts();
  return (
    <div className="xl:rounded-2xl xl:border xl:border-slate-200 xl:bg-white xl:shadow-sm">
      <div
        aria-hidden
        className={`hidden rounded-t-2xl border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-sm font-medium text-slate-600 ${ROW}`}
      >
        <span>{i18n._('admin-arrears.list.member')}</span>
        <span className={FIGURES}>
          <span className="text-end">{i18n._('admin-arrears.list.duesOwed')}</span>
          <span className="text-end">{i18n._('admin-arrears.list.loanOverdue')}</span>
          <span className="text-end">{i18n._('admin-arrears.list.owed')}</span>
          <span>{i18n._('admin-arrears.list.oldestDue')}</span>
        </span>
        <span>{i18n._('admin-arrears.list.contact')}</span>
      </div>
      <ol
        aria-labelledby={labelledBy}
        className="flex flex-col gap-3 lg:grid lg:grid-cols-2 xl:flex xl:gap-0"
      >
        {members.map((m) => (
          <MemberItem key={m.member.id} item={m} />
        ))}
      </ol>
    </div>
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
      isAmount: true,
    },
    {
      key: 'loan',
      label: i18n._('admin-arrears.list.loanOverdue'),
      value: amountOrDash(item.loan_overdue),
      isAmount: true,
    },
    {
      key: 'owed',
      label: i18n._('admin-arrears.list.owed'),
      value: <span className="text-lg xl:text-base">{aed(item.owed)}</span>,
      isAmount: true,
    },
    {
      key: 'oldest',
      label: i18n._('admin-arrears.list.oldestDue'),
      value: formatDate(item.oldest_due_on),
      isAmount: false,
    },
  ];
  return (
    <li
      className={`flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm xl:items-start xl:rounded-none xl:border-0 xl:border-b xl:border-slate-100 xl:px-4 xl:py-3 xl:shadow-none xl:last:border-b-0 ${ROW}`}
    >
      <div className="min-w-0">
        <h3 id={nameId} className="font-semibold break-words text-slate-900">
          <Link
            to={`/admin/members/${item.member.id}`}
            className={`${tableLink} inline-flex min-h-11 items-center xl:min-h-0`}
          >
            {item.member.name}
          </Link>
        </h3>
        <p className="text-sm text-slate-600 tabular-nums">
          <span dir="ltr">{item.member.unique_id}</span>
        </p>
      </div>
      <dl className={`grid grid-cols-1 gap-x-4 gap-y-2 min-[22rem]:grid-cols-2 ${FIGURES}`}>
        {figures.map((f) => (
          <div
            key={f.key}
            className="flex flex-wrap items-baseline justify-between gap-x-3 min-[22rem]:block"
          >
            <dt className="text-sm text-slate-600 xl:sr-only">{f.label}</dt>
            <dd
              className={`text-end font-bold text-slate-900 tabular-nums min-[22rem]:text-start ${f.isAmount ? 'xl:text-end' : 'xl:font-normal'}`}
            >
              {f.value}
            </dd>
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
          <div className="grid grid-cols-1 gap-2 min-[22rem]:grid-cols-2 xl:flex xl:flex-wrap">
            {item.call_url && (
              <a href={item.call_url} aria-describedby={nameId} className={action}>
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
                className={action}
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
      </div>
    </li>
  );
}

/** Nothing owed reads as a dash, so what is owed stands out. */
const amountOrDash = (amount: number) => (amount === 0 ? '—' : aed(amount));
