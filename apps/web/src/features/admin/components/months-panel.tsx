import { useState } from 'react';
import { Link } from 'react-router';
import type { MonthOpenItems } from '@jamiya/contracts/year';
import { useTexts } from '../../../lib/i18n.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { Button } from '../../../components/button.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { card, tableLink } from '../../../components/styles.ts';
import { aed } from '../../../lib/format.ts';
import { formatDate, periodLabel } from '../../../lib/dates.ts';
import { errorMessage, toastError, toastSuccess } from '../../../lib/messages.ts';
import {
  useBookMonths,
  useLockMonth,
  type BookMonth,
  type BookMonths,
} from '../api/book-months.ts';

/** The overview's months: which are locked, and what the next to lock still waits for. */
export function MonthsPanel() {
  const i18n = useTexts();
  const months = useBookMonths();
  let body;
  if (months.isPending) body = <Spinner />;
  else if (months.isError && !months.data)
    body = (
      <ErrorState message={errorMessage(months.error)} onRetry={() => void months.refetch()} />
    );
  else if (months.data) body = <MonthsBody months={months.data} />;
  return (
    <section aria-labelledby="overview-months" className={`flex flex-col gap-3 ${card}`}>
      <h2 id="overview-months" className="text-lg font-bold text-slate-900">
        {i18n._('admin.overview.months.title')}
      </h2>
      {body}
    </section>
  );
}

function MonthsBody({ months }: { months: BookMonths }) {
  const i18n = useTexts();
  const next = months.items.find((m) => m.month === months.first_open);
  const locked = months.items.filter((m) => m.state === 'locked');
  if (months.items.length === 0 || !next)
    return <p className="text-slate-700">{i18n._('admin.overview.months.empty')}</p>;
  return (
    <div className="flex flex-col gap-4">
      {next.state === 'current' ? (
        <p className="text-slate-800">
          {i18n._('admin.overview.months.allLocked', { month: periodLabel(next.month) })}
        </p>
      ) : (
        <NextMonth month={next} />
      )}
      {locked.length > 0 && (
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold text-slate-900">
            {i18n._('admin.overview.months.locked', { count: locked.length })}
          </h3>
          <ul className="flex flex-col gap-1 text-slate-800">
            {locked.slice(0, 3).map((m) => (
              <li key={m.month}>
                <span className="font-semibold">{periodLabel(m.month)}</span>
                {' · '}
                {i18n._('admin.overview.months.lockedBy', {
                  name: m.locked_by?.name ?? '',
                  date: formatDate(m.locked_at!),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function NextMonth({ month }: { month: BookMonth }) {
  const i18n = useTexts();
  const [isAsking, setAsking] = useState(false);
  const label = periodLabel(month.month);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold text-slate-900">
        {i18n._('admin.overview.months.next', { month: label })}
      </h3>
      {month.lockable ? (
        <p className="text-slate-800">{i18n._('admin.overview.months.agree')}</p>
      ) : (
        month.open_items && <OpenItems items={month.open_items} month={month.month} />
      )}
      <div>
        <Button disabled={!month.lockable} onClick={() => setAsking(true)}>
          {i18n._('admin.overview.months.lock', { month: label })}
        </Button>
      </div>
      <LockDialog isOpen={isAsking} onClose={() => setAsking(false)} month={month.month} />
    </div>
  );
}

/** Each thing still open, linked to where it is put right: the receipts, or else the bank's page. */
function OpenItems({ items, month }: { items: MonthOpenItems; month: string }) {
  const i18n = useTexts();
  const difference = items.bank_difference ?? 0;
  const lines = [
    !items.bank_statement_reaches_end && {
      key: 'statement',
      text: i18n._('admin.overview.months.noStatement', { month: periodLabel(month) }),
    },
    items.bank_lines_open > 0 && {
      key: 'lines',
      text: i18n._('admin.overview.months.linesOpen', { count: items.bank_lines_open }),
    },
    items.entries_not_in_bank > 0 && {
      key: 'entries',
      text: i18n._('admin.overview.months.entriesOpen', { count: items.entries_not_in_bank }),
    },
    difference !== 0 && {
      key: 'difference',
      text: i18n._('admin.overview.months.difference', { amount: aed(Math.abs(difference)) }),
    },
    items.receipts_waiting > 0 && {
      key: 'receipts',
      text: i18n._('admin.overview.months.receipts', { count: items.receipts_waiting }),
      to: '/admin/payments',
    },
  ].filter((l) => l !== false);
  return (
    <ul className="flex list-disc flex-col gap-1 ps-5 text-slate-800">
      {lines.map((l) => (
        <li key={l.key}>
          <Link to={l.to ?? '/admin/bank'} className={tableLink}>
            {l.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The last question before a lock, which nothing undoes. */
function LockDialog({
  isOpen,
  onClose,
  month,
}: {
  isOpen: boolean;
  onClose: () => void;
  month: string;
}) {
  const i18n = useTexts();
  const lock = useLockMonth();
  const label = periodLabel(month);
  const confirm = async () => {
    try {
      const answer = await lock.mutateAsync({ month });
      onClose();
      toastSuccess(answer.message);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={i18n._('admin.overview.months.confirmTitle', { month: label })}
    >
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">
          {i18n._('admin.overview.months.confirmBody', { month: label })}
        </p>
        <ModalActions>
          <CancelButton onClick={onClose} />
          <Button isBusy={lock.isPending} onClick={() => void confirm()}>
            {i18n._('admin.overview.months.lock', { month: label })}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
