import { useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { DETAIL_FIELDS_TEXTS, DETAIL_FIGURES_TEXTS, STATUS_TEXTS } from '../texts.ts';
import { Link, useParams } from 'react-router';
import type { AdminMemberDetail } from '@jamiya/contracts/members';
import { Button } from '../../../components/button.tsx';
import { ArrowStartIcon } from '../../../components/icons.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage, toastError } from '../../../lib/messages.ts';
import { useDownloadStatement, useDownloadStatementPdf } from '../api/download-statement.ts';
import { useMember } from '../api/get-member.ts';
import { card, tableLink } from '../../../components/styles.ts';
import { MemberLoans, MemberStatement, MemberSubmissions } from './member-activity.tsx';
import { useMyId, useOpenProposals, type FundProposal } from '../../../api/proposals.ts';
import { ProposalPanel } from '../../../components/proposal-panel.tsx';
import { MemberFines } from './member-fines.tsx';
import { EndMembership } from './end-membership.tsx';
import { MemberStatusModal } from './member-status-modal.tsx';
import { PasswordResetModal } from './password-reset-modal.tsx';
import { HandOverCard } from './hand-over-card.tsx';

/** /admin/members/:id: who the member is, what they hold and owe, and every movement. */
export function MemberDetailPage() {
  const i18n = useTexts();
  const id = Number(useParams().id);
  const isValidId = Number.isInteger(id) && id > 0;
  const member = useMember(isValidId ? id : 0);

  let content;
  if (!isValidId || (member.error instanceof ApiError && member.error.status === 404))
    content = (
      <EmptyState title={i18n._('admin-members.detail.notFound')}>
        <Link to="/admin/members" className={tableLink}>
          {i18n._('admin-members.detail.back')}
        </Link>
      </EmptyState>
    );
  else if (member.isPending) content = <Spinner />;
  else if (member.isError)
    content = (
      <ErrorState message={errorMessage(member.error)} onRetry={() => void member.refetch()} />
    );
  else content = <MemberDetail detail={member.data} />;

  return (
    <div className="flex flex-col gap-6">
      <title>
        {member.data ? member.data.member.name : i18n._('admin-members.detail.pageTitle')}
      </title>
      <Link
        to="/admin/members"
        className={`${tableLink} inline-flex min-h-11 items-center gap-1 self-start`}
      >
        <ArrowStartIcon className="size-5" />
        {i18n._('admin-members.detail.back')}
      </Link>
      {content}
    </div>
  );
}

const MEMBER_ACTIONS = ['member.deactivate', 'member.activate', 'member.password_link'] as const;

function MemberDetail({ detail }: { detail: AdminMemberDetail }) {
  const i18n = useTexts();
  const { member } = detail;
  const [open, setOpen] = useState<'status' | 'password' | null>(null);
  const myId = useMyId();
  // What waits for a second admin about this account: its status (an admin's), a password link.
  const { byAction } = useOpenProposals({ memberId: member.id }, MEMBER_ACTIONS);
  const statusProposal = byAction.get(
    member.status === 'active' ? 'member.deactivate' : 'member.activate',
  );
  const linkProposal = byAction.get('member.password_link');
  const toConfirm = (p: FundProposal | undefined) =>
    p !== undefined && p.proposed_by.id !== myId ? p : undefined;
  const isAdmin = member.role === 'admin';
  const download = useDownloadStatement();
  const downloadPdf = useDownloadStatementPdf();

  const downloadCsv = () =>
    download.mutate({ id: member.id, uniqueId: member.unique_id }, { onError: toastError });
  const downloadAsPdf = () =>
    downloadPdf.mutate({ id: member.id, uniqueId: member.unique_id }, { onError: toastError });

  // An ID, an email, a phone number read left to right in Arabic and Urdu too.
  const ltr = (value: string | null) => value && <span dir="ltr">{value}</span>;
  const profile = [
    { key: 'id', value: ltr(member.unique_id) },
    { key: 'email', value: ltr(member.email) },
    { key: 'mobile', value: ltr(member.mobile) },
    { key: 'nationalId', value: ltr(member.national_id) },
    { key: 'address', value: member.address },
    { key: 'joinedOn', value: formatDate(member.joined_on) },
    { key: 'createdAt', value: formatDate(member.created_at) },
  ];
  const balances = [
    { key: 'savings', value: aed(detail.member.savings) },
    { key: 'loan', value: aed(detail.member.loan_outstanding) },
    { key: 'dueBalance', value: aed(detail.due_balance) },
    {
      key: 'unpaidMonths',
      value: i18n._('admin-members.detail.months', { count: detail.unpaid_months }),
    },
  ];

  return (
    <>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="lg:max-w-[50%] lg:shrink-0">
          <h1 className="text-2xl font-extrabold text-slate-900">{member.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
            <span dir="ltr" className="tabular-nums">
              {member.unique_id}
            </span>
            <StatusBadge tone={member.status === 'active' ? 'success' : 'neutral'}>
              {i18n._(STATUS_TEXTS[member.status]!)}
            </StatusBadge>
            {member.role === 'admin' && (
              <StatusBadge tone="info">{i18n._('admin-members.role.admin')}</StatusBadge>
            )}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap lg:justify-end">
          {!statusProposal && (
            <Button
              variant={member.status === 'active' ? 'secondary' : 'primary'}
              onClick={() => setOpen('status')}
            >
              {member.status === 'active'
                ? i18n._('admin-members.status.deactivate')
                : i18n._('admin-members.status.activate')}
            </Button>
          )}
          {/* No admin gets a way into another admin's account (the server refuses it too). */}
          {!isAdmin && !linkProposal && (
            <Button variant="secondary" onClick={() => setOpen('password')}>
              {i18n._('admin-members.reset.open')}
            </Button>
          )}
          <Button variant="secondary" isBusy={download.isPending} onClick={downloadCsv}>
            {i18n._('admin-members.detail.downloadCsv')}
          </Button>
          <Button variant="secondary" isBusy={downloadPdf.isPending} onClick={downloadAsPdf}>
            {i18n._('admin-members.detail.downloadPdf')}
          </Button>
        </div>
      </div>

      {isAdmin && (
        <p className="text-sm text-slate-700">{i18n._('admin-members.reset.adminOwn')}</p>
      )}
      {statusProposal && (
        <ProposalPanel
          proposal={statusProposal}
          isMine={statusProposal.proposed_by.id === myId}
          confirmLabel={i18n._('admin-members.proposal.confirm')}
          onConfirm={() => setOpen('status')}
        >
          <p>
            {member.status === 'active'
              ? i18n._('admin-members.proposal.deactivate', { name: member.name })
              : i18n._('admin-members.proposal.activate', { name: member.name })}
          </p>
        </ProposalPanel>
      )}
      {linkProposal && (
        <ProposalPanel
          proposal={linkProposal}
          isMine={linkProposal.proposed_by.id === myId}
          confirmLabel={i18n._('admin-members.proposal.confirm')}
          onConfirm={() => setOpen('password')}
        >
          <p>{i18n._('admin-members.proposal.passwordLink', { name: member.name })}</p>
        </ProposalPanel>
      )}

      {!isAdmin && <HandOverCard memberId={member.id} email={member.email} />}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="member-balances-title" className={card}>
          <h2 id="member-balances-title" className="text-lg font-bold text-slate-900">
            {i18n._('admin-members.detail.balances')}
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            {balances.map(({ key, value }) => (
              <div key={key} className="rounded-xl bg-slate-50 p-3">
                <dt className="text-sm text-slate-600">{i18n._(DETAIL_FIGURES_TEXTS[key]!)}</dt>
                <dd className="text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="member-profile-title" className={card}>
          <h2 id="member-profile-title" className="text-lg font-bold text-slate-900">
            {i18n._('admin-members.detail.profile')}
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {profile.map(({ key, value }) => (
              <div key={key} className="min-w-0">
                <dt className="text-sm text-slate-600">{i18n._(DETAIL_FIELDS_TEXTS[key]!)}</dt>
                <dd className="font-medium break-words text-slate-900">
                  {value || (
                    <span className="text-slate-500">{i18n._('admin-members.notGiven')}</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      <MemberLoans loans={detail.loans} />
      <MemberSubmissions payments={detail.payments} />
      <MemberFines member={member} />
      <MemberStatement lines={detail.statement} />
      <EndMembership member={member} />

      <MemberStatusModal
        // A fresh form per proposal, so that its note starts from the proposal's.
        key={`status:${statusProposal?.id ?? ''}`}
        member={member}
        isOpen={open === 'status'}
        onClose={() => setOpen(null)}
        proposal={toConfirm(statusProposal)}
      />
      <PasswordResetModal
        member={member}
        isOpen={open === 'password'}
        onClose={() => setOpen(null)}
        proposal={toConfirm(linkProposal)}
      />
    </>
  );
}
