import { useState, type ReactNode } from 'react';
import type { ExitView } from '@jamiya/contracts/exits';
import { useTexts } from '../../../lib/i18n.tsx';
import { useProfile } from '../../../api/get-profile.ts';
import { Button } from '../../../components/button.tsx';
import { Figures } from '../../../components/figures.tsx';
import { FocusHeading } from '../../../components/focus-heading.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isolated } from '../../../lib/bidi.ts';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { toastError } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { useDownloadClearanceLetter } from '../api/download-clearance-letter.ts';
import { EXIT_STATE_TONE, EXIT_STATES_TEXTS } from '../texts.ts';
import { WithdrawExitModal } from './withdraw-exit-modal.tsx';

const card = 'flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-6';

/** A section's heading, which takes the focus when it has just come (after a request or a withdrawal). */
function StateHeading({
  id,
  isFocused,
  children,
}: {
  id: string;
  isFocused: boolean;
  children: ReactNode;
}) {
  const className = 'text-lg font-bold text-slate-900';
  return isFocused ? (
    <FocusHeading id={id} className={className}>
      {children}
    </FocusHeading>
  ) : (
    <h2 id={id} className={className}>
      {children}
    </h2>
  );
}

/** The day, the account and when it was asked: what the member wrote, as the committee reads it. */
function ExitDetails({ exit }: { exit: ExitView }) {
  const i18n = useTexts();
  return (
    <Figures
      columns={3}
      items={[
        {
          key: 'leaveOn',
          label: i18n._('leaving.request.leaveOn'),
          value: formatDate(exit.leave_on),
        },
        {
          key: 'payTo',
          label: i18n._('leaving.request.payTo'),
          // What the member wrote, in their words and script.
          value: <span className="font-semibold break-words">{isolated(exit.pay_to)}</span>,
        },
        {
          key: 'asked',
          label: i18n._('leaving.request.askedOn'),
          value: formatDate(exit.requested_at),
        },
      ]}
    />
  );
}

/**
 * A request waiting for the committee's payout: what it says, and "Withdraw my request" (asked
 * first) for one the member made. The committee's own (it ends a membership) says its reason.
 */
export function RequestedExit({
  exit,
  isHeadingFocused,
  onWithdrawn,
}: {
  exit: ExitView;
  isHeadingFocused: boolean;
  onWithdrawn: () => void;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const [isAsking, setAsking] = useState(false);
  const isMine = exit.asked_by === 'member';
  return (
    <section aria-labelledby="leaving-request" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StateHeading id="leaving-request" isFocused={isHeadingFocused}>
          {isMine ? i18n._('leaving.request.title') : i18n._('leaving.request.byCommittee')}
        </StateHeading>
        <StatusBadge tone={EXIT_STATE_TONE[exit.state]}>
          {i18n._(EXIT_STATES_TEXTS[exit.state])}
        </StatusBadge>
      </div>
      <p className="text-slate-800">{i18n._('leaving.request.body')}</p>
      {exit.reason && (
        <p className="rounded-xl bg-slate-50 p-3 text-slate-800">
          {i18n._('leaving.request.reason', { reason: isolated(exit.reason) })}
        </p>
      )}
      <ExitDetails exit={exit} />
      {isMine && (
        <>
          <NeedsNetwork />
          <Button
            variant="secondary"
            className="w-full sm:w-auto sm:self-start"
            disabled={!isOnline}
            onClick={() => setAsking(true)}
          >
            {i18n._('leaving.withdraw.button')}
          </Button>
          <WithdrawExitModal
            isOpen={isAsking}
            onClose={() => setAsking(false)}
            onWithdrawn={onWithdrawn}
          />
        </>
      )}
    </section>
  );
}

/**
 * The membership has ended. Holding: paid out but for the savings the member's guarantees still
 * hold. Closed: all settled, with the clearance letter to download.
 */
export function EndedExit({
  exit,
  clearanceLetterUrl,
}: {
  exit: ExitView;
  clearanceLetterUrl: string | null;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const download = useDownloadClearanceLetter();
  const uniqueId = useProfile().data?.userData.unique_id;
  const day = formatDate(exit.left_on ?? exit.leave_on);
  const isClosed = exit.state === 'closed';
  return (
    <section aria-labelledby="leaving-ended" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="leaving-ended" className="text-lg font-bold text-slate-900">
          {isClosed
            ? i18n._('leaving.closed.title', { date: day })
            : i18n._('leaving.holding.title', { date: day })}
        </h2>
        <StatusBadge tone={EXIT_STATE_TONE[exit.state]}>
          {i18n._(EXIT_STATES_TEXTS[exit.state])}
        </StatusBadge>
      </div>
      {exit.settled && (
        <p className="text-slate-800">
          {isClosed
            ? i18n._('leaving.closed.body', { paid: aed(exit.settled.paid_out) })
            : i18n._('leaving.holding.body', {
                paid: aed(exit.settled.paid_out),
                held: aed(exit.settled.held),
              })}
        </p>
      )}
      <p className="text-sm text-slate-700">
        {i18n._('leaving.ended.payTo', { payTo: isolated(exit.pay_to) })}
      </p>
      {isClosed && clearanceLetterUrl && <NeedsNetwork />}
      {isClosed && clearanceLetterUrl && (
        <Button
          variant="secondary"
          className="w-full sm:w-auto sm:self-start"
          disabled={!isOnline}
          isBusy={download.isPending}
          onClick={() =>
            download.mutate(
              { url: clearanceLetterUrl, ...(uniqueId ? { uniqueId } : {}) },
              { onError: toastError },
            )
          }
        >
          {i18n._('leaving.closed.download')}
        </Button>
      )}
    </section>
  );
}
