import { useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { ARREARS_PAGE, useArrears } from '../../../api/get-arrears.ts';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { ArrearsFigures } from './arrears-figures.tsx';
import { ArrearsList } from './arrears-list.tsx';

/**
 * /admin/arrears: the loans at risk (PAR30, PAR90), the dues behind by age, and the members to
 * call, the longest behind first, each a tap from a call or a WhatsApp message.
 */
export function ArrearsPage() {
  const i18n = useTexts();
  // Who to call comes 50 at a time: thousands of members may be behind.
  const [limit, setLimit] = useState(ARREARS_PAGE);
  const arrears = useArrears(limit);
  const report = arrears.data;

  let body;
  if (arrears.isPending) body = <Spinner />;
  else if (arrears.isError && !report)
    body = (
      <ErrorState message={errorMessage(arrears.error)} onRetry={() => void arrears.refetch()} />
    );
  else if (report)
    body = (
      <>
        {/* A refresh that failed leaves the last figures on the screen, said to be so. */}
        {arrears.isError && (
          <ErrorState
            message={errorMessage(arrears.error)}
            onRetry={() => void arrears.refetch()}
          />
        )}
        <p className="text-sm text-slate-600">
          {i18n._('admin-arrears.asOf', { date: formatDate(report.as_of) })}
        </p>
        <ArrearsFigures report={report} />
        <section aria-labelledby="arrears-list" className="flex flex-col gap-3">
          <div>
            <h2 id="arrears-list" className="text-lg font-bold text-slate-900">
              {i18n._('admin-arrears.list.title')}
            </h2>
            <p className="text-sm text-slate-700">{i18n._('admin-arrears.list.intro')}</p>
          </div>
          {report.members.length === 0 ? (
            <EmptyState title={i18n._('admin-arrears.empty')}>
              <p className="text-sm">{i18n._('admin-arrears.emptyBody')}</p>
            </EmptyState>
          ) : (
            <>
              <ArrearsList members={report.members} labelledBy="arrears-list" />
              <p className="text-sm text-slate-600" aria-live="polite">
                {i18n._('admin-arrears.list.shown', {
                  shown: report.members.length,
                  total: report.members_total,
                })}
              </p>
              <ShowMoreButton
                hasNextPage={report.members.length < report.members_total}
                isFetchingNextPage={arrears.isPlaceholderData}
                fetchNextPage={() => setLimit(report.members.length + ARREARS_PAGE)}
              >
                {i18n._('admin-arrears.list.showMore', { count: ARREARS_PAGE })}
              </ShowMoreButton>
            </>
          )}
        </section>
      </>
    );

  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin.layout.pageTitle', { page: i18n._('admin-arrears.title') })}</title>
      <PageHeading
        title={i18n._('admin-arrears.title')}
        subtitle={i18n._('admin-arrears.subtitle')}
      />
      {body}
    </div>
  );
}
