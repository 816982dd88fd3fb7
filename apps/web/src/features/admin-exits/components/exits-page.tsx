import { useTexts } from '../../../lib/i18n.tsx';
import { errorMessage } from '../../../lib/messages.ts';
import { isOpenExit, payoutProposalOf, useAdminExits, type AdminExit } from '../../../api/exits.ts';
import { useOverview } from '../../../api/get-overview.ts';
import { useMyId, useProposals, type FundProposal } from '../../../api/proposals.ts';
import { PageHeading } from '../../../components/page-heading.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { ExitCard } from './exit-card.tsx';

/**
 * /admin/exits: the members who leave the association (docs/domain/leaving.md). The open ones
 * first, each with what its payout would pay today and why it cannot yet; the payout is money
 * leaving the fund, so with two or more active admins one proposes it and another confirms it
 * here. Then the recent closed and withdrawn ones, a closed one with its clearance letter.
 */
export function ExitsPage() {
  const i18n = useTexts();
  const exits = useAdminExits();

  let content;
  if (exits.isPending) content = <Spinner />;
  else if (exits.isError)
    content = (
      <ErrorState message={errorMessage(exits.error)} onRetry={() => void exits.refetch()} />
    );
  else if (exits.data.items.length === 0)
    content = (
      <EmptyState title={i18n._('admin-exits.empty')}>
        <p className="text-sm">{i18n._('admin-exits.emptyBody')}</p>
      </EmptyState>
    );
  else content = <ExitLists exits={exits.data.items} />;

  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-exits.pageTitle')}</title>
      <PageHeading title={i18n._('admin-exits.title')} subtitle={i18n._('admin-exits.subtitle')} />
      {content}
    </div>
  );
}

function ExitLists({ exits }: { exits: AdminExit[] }) {
  const i18n = useTexts();
  const proposals = useProposals();
  const overview = useOverview();
  const myId = useMyId();
  const open = exits.filter(isOpenExit);
  const past = exits.filter((e) => !isOpenExit(e));
  const list = (items: AdminExit[]) => (
    <ul className="flex flex-col gap-3">
      {items.map((exit) => (
        <ExitCard
          key={exit.id}
          exit={exit}
          proposal={proposalOf(exit, proposals.data?.items ?? [])}
          myId={myId}
          overview={overview.data}
        />
      ))}
    </ul>
  );
  return (
    <>
      <section aria-labelledby="exits-open" className="flex flex-col gap-3">
        <h2 id="exits-open" className="text-lg font-bold text-slate-900">
          {i18n._('admin-exits.openTitle')}
        </h2>
        {open.length > 0 ? (
          list(open)
        ) : (
          <p className="rounded-xl bg-white p-3 text-slate-700 shadow-sm">
            {i18n._('admin-exits.openNone')}
          </p>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="exits-past" className="flex flex-col gap-3">
          <h2 id="exits-past" className="text-lg font-bold text-slate-900">
            {i18n._('admin-exits.pastTitle')}
          </h2>
          {list(past)}
        </section>
      )}
    </>
  );
}

/** A payout waits for a second admin only while its exit is open. */
const proposalOf = (exit: AdminExit, proposals: FundProposal[]) =>
  isOpenExit(exit) ? payoutProposalOf(exit, proposals) : undefined;
