import { useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { PREVIEW_FIGURES_TEXTS } from '../texts.ts';
import type { BonusMemberShare, BonusPeriodRequest, BonusPreview } from '@jamiya/contracts/bonus';
import { Button } from '../../../components/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage, toastSuccess, translateMessage } from '../../../lib/messages.ts';
import { isProposed } from '../api/close-bonus-period.ts';
import { useBonusPreview } from '../api/get-bonus-preview.ts';
import { formatPercent } from '../../../lib/format.ts';
import { CloseDialog } from './close-dialog.tsx';
import { PROPOSAL_HEADING } from './proposal-box.tsx';
import { Figures } from '../../../components/figures.tsx';
import { isSurplus, SurplusParts } from './surplus-parts.tsx';

/** What closing the period would share out, member by member, and the Close button. */
export function PreviewPanel({
  period,
  hasProposal = false,
}: {
  period: BonusPeriodRequest;
  /** A share-out is proposed: it is confirmed or withdrawn above, not closed again here. */
  hasProposal?: boolean;
}) {
  const i18n = useTexts();
  const preview = useBonusPreview(period);
  if (preview.isPending) return <Spinner label={i18n._('admin-bonus.preview.loading')} />;
  if (preview.isError)
    return (
      <ErrorState message={errorMessage(preview.error)} onRetry={() => void preview.refetch()} />
    );
  return <Preview preview={preview.data} period={period} hasProposal={hasProposal} />;
}

function Preview({
  preview,
  period,
  hasProposal,
}: {
  preview: BonusPreview;
  period: BonusPeriodRequest;
  hasProposal: boolean;
}) {
  const i18n = useTexts();
  const [isConfirming, setConfirming] = useState(false);
  const span = i18n._('admin-bonus.span', {
    from: formatDate(preview.starts_on),
    to: formatDate(preview.ends_on),
  });
  const figures = [
    { key: 'days', value: String(preview.days) },
    { key: 'shared', value: aed(preview.parts.shared) },
    { key: 'totalAverage', value: aed(preview.total_average_balance) },
    { key: 'members', value: String(preview.members.length) },
  ];
  const columns: Column<BonusMemberShare>[] = [
    {
      key: 'member',
      header: i18n._('admin-bonus.preview.columns.member'),
      isRowHeader: true,
      cell: (m) => (
        <span className="flex flex-col">
          <span className="font-medium text-slate-900">{m.member.name}</span>
          <span className="text-xs text-slate-600">
            <span dir="ltr">{m.member.unique_id}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'average',
      header: i18n._('admin-bonus.preview.columns.average'),
      align: 'end',
      cell: (m) => aed(m.average_balance),
    },
    {
      key: 'share',
      header: i18n._('admin-bonus.preview.columns.share'),
      align: 'end',
      isSecondary: true,
      cell: (m) => `${formatPercent(m.share_percent)} %`,
    },
    {
      key: 'amount',
      header: i18n._('admin-bonus.preview.columns.amount'),
      align: 'end',
      cell: (m) => <span className="font-semibold">{aed(m.amount)}</span>,
    },
  ];

  return (
    <section aria-labelledby="bonus-preview" className="flex flex-col gap-4">
      <h3 id="bonus-preview" className="font-bold text-slate-900">
        {i18n._('admin-bonus.preview.title', { span })}
      </h3>
      <Figures
        columns={4}
        items={figures.map((f) => ({ ...f, label: i18n._(PREVIEW_FIGURES_TEXTS[f.key]!) }))}
      />
      <SurplusParts preview={preview} />
      {preview.blocker && (
        <p role="status" className="rounded-xl bg-amber-50 p-3 text-amber-950">
          {translateMessage(preview.blocker)}
        </p>
      )}
      {preview.members.length > 0 && (
        <DataTable
          caption={i18n._('admin-bonus.preview.caption', { span })}
          columns={columns}
          rows={preview.members}
          rowKey={(m) => m.member.id}
        />
      )}
      {hasProposal ? (
        <p className="text-sm text-slate-700">{i18n._('admin-bonus.proposal.decideFirst')}</p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
          {!preview.can_close && (
            <p className="text-sm text-slate-600">{i18n._('admin-bonus.preview.cannotClose')}</p>
          )}
          <Button
            disabled={!preview.can_close}
            className="disabled:opacity-50"
            onClick={() => setConfirming(true)}
          >
            {i18n._('admin-bonus.close.submit')}
          </Button>
        </div>
      )}
      <CloseDialog
        isOpen={isConfirming}
        onClose={() => setConfirming(false)}
        period={period}
        span={span}
        body={i18n._('admin-bonus.confirm.body', {
          interest: aed(preview.parts.shared),
          surplus: isSurplus(preview.parts) ? 'yes' : 'no',
          count: preview.members.filter((m) => m.amount > 0).length,
        })}
        confirmLabel={i18n._('admin-bonus.close.submit')}
        onClosed={(answer) => {
          // 202: proposed; the box above shows it waiting for a second admin, and takes the
          // focus now that the dialog has closed (the Close button is gone).
          toastSuccess(
            isProposed(answer) ? i18n._('admin-bonus.proposal.waitingToast') : answer.message,
          );
          if (isProposed(answer))
            setTimeout(() => document.getElementById(PROPOSAL_HEADING)?.focus());
        }}
      />
    </section>
  );
}
