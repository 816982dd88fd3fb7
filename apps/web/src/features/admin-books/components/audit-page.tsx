import { useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { AUDIT_GROUPS } from '@jamiya/contracts/audit';
import { AUDIT_ACTIONS_TEXTS, AUDIT_GROUPS_TEXTS, AUDIT_TARGETS_TEXTS } from '../texts.ts';
import { Link } from 'react-router';
import type { AuditEvent } from '@jamiya/contracts/books';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/messages.ts';
import { useAudit } from '../api/get-audit.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { tableLink } from '../../../components/styles.ts';
import { PageHeading } from '../../../components/page-heading.tsx';

/** /admin/audit: who did what, when and why, newest first. */
export function AuditPage() {
  const i18n = useTexts();
  const [action, setAction] = useState('');
  const audit = useAudit(action);
  const events = audit.data?.pages.flatMap((p) => p.items) ?? [];

  const columns: Column<AuditEvent>[] = [
    {
      key: 'when',
      header: i18n._('admin-books.audit.columns.when'),
      isSecondary: true,
      cell: (e) => <span className="whitespace-nowrap">{formatDateTime(e.at)}</span>,
    },
    {
      key: 'action',
      header: i18n._('admin-books.audit.columns.action'),
      isRowHeader: true,
      cell: (e) => (
        <>
          <ActionName action={e.action} />
          {/* When and why have their own columns from md up. */}
          <span className="block text-xs whitespace-nowrap text-slate-600 md:hidden">
            {formatDateTime(e.at)}
          </span>
          <BothAdmins event={e} />
          {e.reason && (
            <span className="block text-xs text-slate-700 md:hidden">
              {i18n._('admin-books.audit.reasonLine', { reason: e.reason })}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'who',
      header: i18n._('admin-books.audit.columns.who'),
      cell: (e) =>
        e.actor ? (
          <Link to={`/admin/members/${e.actor.id}`} className={tableLink}>
            {e.actor.name}
          </Link>
        ) : (
          <span className="text-slate-600">{i18n._('admin-books.audit.system')}</span>
        ),
    },
    {
      key: 'target',
      header: i18n._('admin-books.audit.columns.target'),
      cell: (e) => (
        <span className="whitespace-nowrap">
          <Target event={e} />
        </span>
      ),
    },
    {
      key: 'reason',
      header: i18n._('admin-books.audit.columns.reason'),
      isSecondary: true,
      cell: (e) => <span className="text-slate-700">{e.reason ?? ''}</span>,
    },
  ];

  let body;
  if (audit.isPending) body = <Spinner />;
  else if (audit.isError && !audit.data)
    body = <ErrorState message={errorMessage(audit.error)} onRetry={() => void audit.refetch()} />;
  else if (events.length === 0)
    body = (
      <EmptyState
        title={
          action ? i18n._('admin-books.audit.noneOfAction') : i18n._('admin-books.audit.empty')
        }
      />
    );
  else
    body = (
      <>
        <div
          className={audit.isPlaceholderData ? 'opacity-60' : ''}
          aria-busy={audit.isPlaceholderData}
        >
          <DataTable
            caption={i18n._('admin-books.audit.title')}
            columns={columns}
            rows={events}
            rowKey={(e) => e.id}
          />
        </div>
        <ShowMoreButton
          hasNextPage={audit.hasNextPage}
          isFetchingNextPage={audit.isFetchingNextPage}
          fetchNextPage={audit.fetchNextPage}
        >
          {i18n._('admin-books.showMore')}
        </ShowMoreButton>
      </>
    );

  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-books.audit.pageTitle')}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading
          title={i18n._('admin-books.audit.title')}
          subtitle={i18n._('admin-books.audit.subtitle')}
        />
        <div className="md:w-64">
          <Field label={i18n._('admin-books.audit.actionFilter')}>
            {(a) => (
              <FilterSelect
                {...a}
                value={action}
                onChange={(e) => setAction(e.target.value)}
                allLabel={i18n._('admin-books.audit.allActions')}
                // The server filters by the start of the action's name: "loan." finds every
                // loan decision.
                options={AUDIT_GROUPS.map((group) => ({
                  value: `${group}.`,
                  label: i18n._(AUDIT_GROUPS_TEXTS[group]),
                }))}
              />
            )}
          </Field>
        </div>
      </div>
      {audit.isError && audit.data && (
        <ErrorState message={errorMessage(audit.error)} onRetry={() => void audit.refetch()} />
      )}
      {body}
    </div>
  );
}

/** The action in words when it is a known one; its code otherwise, so nothing is hidden. */
function ActionName({ action }: { action: string }) {
  const i18n = useTexts();
  // Keyed as the server names the actions ("loan.approved").
  const text = (AUDIT_ACTIONS_TEXTS as Partial<Record<string, string>>)[action];
  const name = text ? i18n._(text) : '';
  return name ? <span title={action}>{name}</span> : <code className="text-xs">{action}</code>;
}

/** A proposal carried out names both admins: who proposed it and who confirmed it. */
function BothAdmins({ event }: { event: AuditEvent }) {
  const i18n = useTexts();
  const d = event.details as { proposedBy?: string; confirmedBy?: string } | null;
  if (event.action !== 'proposal.confirm' || !d?.proposedBy || !d.confirmedBy) return null;
  return (
    <span className="block text-xs text-slate-700">
      {i18n._('admin-books.audit.bothAdmins', {
        proposedBy: d.proposedBy,
        confirmedBy: d.confirmedBy,
      })}
    </span>
  );
}

function Target({ event }: { event: AuditEvent }) {
  const i18n = useTexts();
  const id = event.target_id;
  switch (event.target_type) {
    case 'user':
      return (
        <Link to={`/admin/members/${id}`} className={tableLink}>
          {i18n._('admin-books.audit.targets.user', { id })}
        </Link>
      );
    case 'loan':
      return (
        <Link to={`/admin/loans/${id}`} className={tableLink}>
          {i18n._('admin-books.audit.targets.loan', { id })}
        </Link>
      );
    case 'settings':
      return <>{i18n._('admin-books.audit.targets.settings')}</>;
    case 'proposal': {
      // A proposal is about a loan, or (with no loan) a share-out of the interest.
      const loanId = (event.details as { loanId?: number | null } | null)?.loanId;
      return loanId ? (
        <Link to={`/admin/loans/${loanId}`} className={tableLink}>
          {i18n._('admin-books.audit.targets.loan', { id: loanId })}
        </Link>
      ) : (
        <>{i18n._('admin-books.audit.targets.shareOut')}</>
      );
    }
    default: {
      // An event of an older version may name what this one has no text for: its code then.
      const text = (AUDIT_TARGETS_TEXTS as Partial<Record<string, string>>)[event.target_type];
      return <>{text ? i18n._(text, { id }) : `${event.target_type} #${id}`}</>;
    }
  }
}
