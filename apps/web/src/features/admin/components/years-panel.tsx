import { useState } from 'react';
import { Link } from 'react-router';
import type { YearCheckItem } from '@jamiya/contracts/year';
import { useTexts } from '../../../lib/i18n.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { Button } from '../../../components/button.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { card, tableLink } from '../../../components/styles.ts';
import { YearFiles } from './year-files.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate, periodLabel } from '../../../lib/dates.ts';
import { errorMessage, toastError, toastSuccess } from '../../../lib/messages.ts';
import { useBookYears, useYearAction, type BookYear, type BookYears } from '../api/book-years.ts';

/** The overview's years: the next to close with its checklist, and the years closed. */
export function YearsPanel() {
  const i18n = useTexts();
  const years = useBookYears();
  let body;
  if (years.isPending) body = <Spinner />;
  else if (years.isError && !years.data)
    body = <ErrorState message={errorMessage(years.error)} onRetry={() => void years.refetch()} />;
  else if (years.data) body = <YearsBody years={years.data} />;
  return (
    <section aria-labelledby="overview-years" className={`flex flex-col gap-3 ${card}`}>
      <h2 id="overview-years" className="text-lg font-bold text-slate-900">
        {i18n._('admin.overview.years.title')}
      </h2>
      {body}
    </section>
  );
}

const span = (y: BookYear) => `${periodLabel(y.first_month)} – ${periodLabel(y.last_month)}`;

function YearsBody({ years }: { years: BookYears }) {
  const i18n = useTexts();
  const next = years.items.find((y) => y.checklist !== null);
  const current = years.items.find((y) => y.state === 'current');
  const closed = years.items.filter((y) => y.state === 'closed');
  if (years.items.length === 0)
    return <p className="text-slate-700">{i18n._('admin.overview.months.empty')}</p>;
  return (
    <div className="flex flex-col gap-4">
      {next ? (
        <NextYear year={next} />
      ) : (
        current && (
          <p className="text-slate-800">
            {i18n._('admin.overview.years.current', {
              year: String(current.year),
              span: span(current),
            })}
          </p>
        )
      )}
      {closed.length > 0 && (
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold text-slate-900">{i18n._('admin.overview.years.closed')}</h3>
          <ul className="flex flex-col gap-2 text-slate-800">
            {closed.slice(0, 3).map((y, i) => (
              <ClosedYear key={y.year} year={y} isLast={i === 0} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function NextYear({ year }: { year: BookYear }) {
  const i18n = useTexts();
  const [isAsking, setAsking] = useState(false);
  const act = useYearAction();
  const review = async () => {
    try {
      toastSuccess((await act.mutateAsync({ year: year.year, action: 'arrears-review' })).message);
    } catch (error) {
      toastError(error);
    }
  };
  const reviewed = year.checklist!.find((c) => c.check === 'arrears_reviewed')!.done;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold text-slate-900">
        {i18n._('admin.overview.years.next', { year: String(year.year), span: span(year) })}
      </h3>
      <Checklist items={year.checklist!} />
      <div className="flex flex-wrap gap-2">
        {!reviewed && (
          <Button variant="secondary" isBusy={act.isPending} onClick={() => void review()}>
            {i18n._('admin.overview.years.review')}
          </Button>
        )}
        <Button disabled={!year.closable} onClick={() => setAsking(true)}>
          {i18n._('admin.overview.years.close', { year: String(year.year) })}
        </Button>
        <YearFiles year={year} />
      </div>
      <CloseDialog isOpen={isAsking} onClose={() => setAsking(false)} year={year.year} />
    </div>
  );
}

/** Each item of the checklist, met or not in words (not by colour alone), linked to its fix. */
function Checklist({ items }: { items: YearCheckItem[] }) {
  const i18n = useTexts();
  return (
    <ul className="flex flex-col gap-1 text-slate-800">
      {items.map((item) => (
        <li key={item.check} className="flex items-start gap-2">
          <span
            aria-hidden="true"
            className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${item.done ? 'bg-green-700 text-white' : 'border-2 border-slate-500'}`}
          >
            {item.done ? '✓' : ''}
          </span>
          <span className="sr-only">
            {item.done ? i18n._('admin.overview.years.done') : i18n._('admin.overview.years.toDo')}
          </span>
          {item.done ? (
            <span>{item.says}</span>
          ) : (
            <Link to={item.fix_at} className={tableLink}>
              {item.says}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

function ClosedYear({ year, isLast }: { year: BookYear; isLast: boolean }) {
  const i18n = useTexts();
  const [isAsking, setAsking] = useState(false);
  const act = useYearAction();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>
        <span className="font-semibold">{year.year}</span>
        {' · '}
        {i18n._('admin.overview.years.closedBy', {
          name: year.closed_by?.name ?? '',
          date: formatDate(year.closed_at!),
        })}
        {' · '}
        {(year.surplus ?? 0) < 0
          ? i18n._('admin.overview.years.deficit', { amount: aed(-(year.surplus ?? 0)) })
          : i18n._('admin.overview.years.surplus', { amount: aed(year.surplus ?? 0) })}
      </span>
      <YearFiles year={year} />
      {isLast && (
        <Button variant="ghost" onClick={() => setAsking(true)}>
          {i18n._('admin.overview.years.reopen', { year: String(year.year) })}
        </Button>
      )}
      {isLast && isAsking && (
        <ReasonDialog
          isOpen
          onClose={() => setAsking(false)}
          title={i18n._('admin.overview.years.reopenTitle', { year: String(year.year) })}
          reasonLabel={i18n._('admin.overview.years.reopenReason')}
          isReasonRequired
          isDanger
          confirmLabel={i18n._('admin.overview.years.reopen', { year: String(year.year) })}
          onConfirm={async (reason) =>
            (await act.mutateAsync({ year: year.year, action: 'reopen', reason: reason ?? '' }))
              .message
          }
        >
          <p className="text-slate-800">{i18n._('admin.overview.years.reopenBody')}</p>
        </ReasonDialog>
      )}
    </li>
  );
}

/** The last question before a close, which only a reopening by two admins undoes. */
function CloseDialog({
  isOpen,
  onClose,
  year,
}: {
  isOpen: boolean;
  onClose: () => void;
  year: number;
}) {
  const i18n = useTexts();
  const act = useYearAction();
  const confirm = async () => {
    try {
      const answer = await act.mutateAsync({ year, action: 'close' });
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
      title={i18n._('admin.overview.years.confirmTitle', { year: String(year) })}
    >
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">
          {i18n._('admin.overview.years.confirmBody', { year: String(year) })}
        </p>
        <ModalActions>
          <CancelButton onClick={onClose} />
          <Button isBusy={act.isPending} onClick={() => void confirm()}>
            {i18n._('admin.overview.years.close', { year: String(year) })}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
