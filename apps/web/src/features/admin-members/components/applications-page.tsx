import { useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import {
  APPLICATIONS_EMPTY_TEXTS,
  APPLICATIONS_FIELDS_TEXTS,
  APPLICATIONS_TABS_TEXTS,
} from '../texts.ts';
import { Link, useSearchParams } from 'react-router';
import type { MembershipApplication } from '@jamiya/contracts/members';
import { Button } from '../../../components/button.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { tabPanelProps, Tabs } from '../../../components/tabs.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useApplications, type ApplicationStatus } from '../api/get-applications.ts';
import { card, tableLink } from '../../../components/styles.ts';
import { AcceptApplicationModal, RejectApplicationModal } from './decide-application-modals.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { LANGUAGE_NAMES } from '../../../lib/languages.ts';

const TABS: ApplicationStatus[] = ['pending', 'accepted', 'rejected'];

type Deciding = { kind: 'accept' | 'reject'; application: MembershipApplication } | null;

/** /admin/applications: Join Now applications by status; accept one or reject it with a reason. */
export function ApplicationsPage() {
  const i18n = useTexts();
  const [params, setParams] = useSearchParams();
  const status = TABS.find((s) => s === params.get('status')) ?? 'pending';
  // Kept here, not in the list: the accepted application leaves the list while its
  // one-time link is still on screen.
  const [deciding, setDeciding] = useState<Deciding>(null);
  const choose = (next: ApplicationStatus) =>
    setParams(next === 'pending' ? {} : { status: next }, { replace: true });

  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-members.applications.pageTitle')}</title>
      <PageHeading
        title={i18n._('admin-members.applications.title')}
        subtitle={i18n._('admin-members.applications.subtitle')}
      />
      <Tabs
        label={i18n._('admin-members.applications.tabsLabel')}
        idBase="applications"
        items={TABS.map((key) => ({ key, label: i18n._(APPLICATIONS_TABS_TEXTS[key]!) }))}
        selected={status}
        onSelect={choose}
      />
      <div {...tabPanelProps('applications', status)} className="flex flex-col gap-4">
        <ApplicationList
          status={status}
          onAccept={(application) => setDeciding({ kind: 'accept', application })}
          onReject={(application) => setDeciding({ kind: 'reject', application })}
        />
      </div>
      <AcceptApplicationModal
        application={deciding?.kind === 'accept' ? deciding.application : null}
        onClose={() => setDeciding(null)}
      />
      <RejectApplicationModal
        application={deciding?.kind === 'reject' ? deciding.application : null}
        onClose={() => setDeciding(null)}
      />
    </div>
  );
}

function ApplicationList({
  status,
  onAccept,
  onReject,
}: {
  status: ApplicationStatus;
  onAccept: (application: MembershipApplication) => void;
  onReject: (application: MembershipApplication) => void;
}) {
  const i18n = useTexts();
  const applications = useApplications(status);
  if (applications.isPending) return <Spinner />;
  if (applications.isError)
    return (
      <ErrorState
        message={errorMessage(applications.error)}
        onRetry={() => void applications.refetch()}
      />
    );
  const items = applications.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <EmptyState title={i18n._(APPLICATIONS_EMPTY_TEXTS[status]!)} />;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {items.map((application) => (
          <ApplicationCard
            key={application.id}
            application={application}
            onAccept={() => onAccept(application)}
            onReject={() => onReject(application)}
          />
        ))}
      </ul>
      <ShowMoreButton
        hasNextPage={applications.hasNextPage}
        isFetchingNextPage={applications.isFetchingNextPage}
        fetchNextPage={applications.fetchNextPage}
      >
        {i18n._('admin-members.showMore')}
      </ShowMoreButton>
    </>
  );
}

function ApplicationCard({
  application: a,
  onAccept,
  onReject,
}: {
  application: MembershipApplication;
  onAccept: () => void;
  onReject: () => void;
}) {
  const i18n = useTexts();
  const fields = [
    // Left to right in Arabic and Urdu too.
    { key: 'email', value: <span dir="ltr">{a.email}</span> },
    { key: 'mobile', value: <span dir="ltr">{a.mobile}</span> },
    { key: 'nationalId', value: <span dir="ltr">{a.national_id}</span> },
    { key: 'address', value: a.address },
    // The language of the Join page: the invitation will be in it.
    { key: 'language', value: <span lang={a.language}>{LANGUAGE_NAMES[a.language]}</span> },
    { key: 'applied', value: formatDate(a.created_at) },
    ...(a.decided_at
      ? [
          {
            key: a.status === 'accepted' ? 'accepted' : 'rejected',
            value: formatDate(a.decided_at),
          },
        ]
      : []),
  ];
  return (
    <li className={card} aria-labelledby={`application-${a.id}`}>
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <h2 id={`application-${a.id}`} className="text-lg font-bold text-slate-900">
          {a.name}
        </h2>
        {a.status === 'pending' && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              onClick={onAccept}
              aria-label={i18n._('admin-members.applications.acceptOf', { name: a.name })}
            >
              {i18n._('admin-members.applications.accept')}
            </Button>
            <Button
              variant="secondary"
              onClick={onReject}
              aria-label={i18n._('admin-members.applications.rejectOf', { name: a.name })}
            >
              {i18n._('admin-members.applications.reject')}
            </Button>
          </div>
        )}
        {a.status === 'accepted' && a.member_id !== null && (
          <Link to={`/admin/members/${a.member_id}`} className={tableLink}>
            {i18n._('admin-members.applications.openMember')}
          </Link>
        )}
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {fields.map(({ key, value }) => (
          <div key={key} className="min-w-0">
            <dt className="text-sm text-slate-600">{i18n._(APPLICATIONS_FIELDS_TEXTS[key]!)}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {a.status === 'rejected' && a.reason && (
        <p className="mt-3 text-sm text-red-800">
          {i18n._('admin-members.applications.reason', { reason: a.reason })}
        </p>
      )}
    </li>
  );
}
