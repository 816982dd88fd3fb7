import { useState } from 'react';
import type { MyExit } from '@jamiya/contracts/exits';
import { useTexts } from '../../../lib/i18n.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/messages.ts';
import { useMyExit } from '../api/get-my-exit.ts';
import { EndedExit, RequestedExit } from './exit-status.tsx';
import { LeaveForm } from './leave-form.tsx';
import { SettledFigures, SettlementFigures } from './settlement-figures.tsx';

/**
 * /user/leave: a member going home for good asks to leave (docs/domain/leaving.md). What leaving
 * would pay out today comes first, then the request; once asked, how it stands (withdrawn
 * while the committee has not paid out), and once paid out, what was settled and, when nothing
 * is held any more, the clearance letter.
 */
export function LeavePage() {
  const i18n = useTexts();
  const myExit = useMyExit();
  // After a request or a withdrawal, the heading of what the page now shows takes the focus.
  const [hasJustChanged, setJustChanged] = useState(false);

  let body;
  if (myExit.data)
    body = (
      <ExitBody
        data={myExit.data}
        hasJustChanged={hasJustChanged}
        onChanged={() => setJustChanged(true)}
      />
    );
  else if (myExit.isError)
    body = (
      <ErrorState message={errorMessage(myExit.error)} onRetry={() => void myExit.refetch()} />
    );
  else body = <Spinner />;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PageTitle>{i18n._('leaving.title')}</PageTitle>
      <h1 className="text-2xl font-bold text-slate-900">{i18n._('leaving.title')}</h1>
      {!hasLeft(myExit.data) && <p className="text-slate-700">{i18n._('leaving.intro')}</p>}
      {body}
    </div>
  );
}

/** Whether the membership has ended: paid out, whether or not the guarantees still hold some savings. */
const hasLeft = (data: MyExit | undefined) =>
  data?.exit?.state === 'holding' || data?.exit?.state === 'closed';

function ExitBody({
  data,
  hasJustChanged,
  onChanged,
}: {
  data: MyExit;
  hasJustChanged: boolean;
  onChanged: () => void;
}) {
  const i18n = useTexts();
  const { exit, settlement } = data;

  if (exit && hasLeft(data))
    return (
      <>
        <EndedExit exit={exit} clearanceLetterUrl={data.clearance_letter_url} />
        {exit.settled && <SettledFigures settled={exit.settled} />}
      </>
    );

  if (exit?.state === 'requested')
    return (
      <>
        <RequestedExit exit={exit} isHeadingFocused={hasJustChanged} onWithdrawn={onChanged} />
        {settlement && <SettlementFigures settlement={settlement} />}
      </>
    );

  return (
    <>
      {exit?.state === 'withdrawn' && (
        <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
          {i18n._('leaving.withdrawn.note', { date: formatDate(exit.requested_at) })}
        </p>
      )}
      {settlement && <SettlementFigures settlement={settlement} />}
      <LeaveForm
        payout={settlement?.payout ?? null}
        isHeadingFocused={hasJustChanged}
        onSent={onChanged}
      />
    </>
  );
}
