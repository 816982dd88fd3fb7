import { useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { errorMessage, toastError, toastSuccess } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { useGuarantees, type Guarantee } from '../../../api/get-guarantees.ts';
import { useAnswerGuarantee } from '../api/answer-guarantee.ts';
import { AcceptGuaranteeModal } from './accept-guarantee-modal.tsx';
import { FindableSetting } from './findable-setting.tsx';
import { GuaranteeCard } from './guarantee-card.tsx';

/**
 * /user/guarantees: the guarantees members have asked of this member, newest first, to accept
 * or decline; for each, what it holds of their savings and how the loan behind it stands
 * (its state and arrears, nothing more). And whether other members may find them as a guarantor.
 */
export function GuaranteesPage() {
  const i18n = useTexts();
  const guarantees = useGuarantees();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PageTitle>{i18n._('guarantees.title')}</PageTitle>
      <h1 className="text-2xl font-bold text-slate-900">{i18n._('guarantees.title')}</h1>
      <p className="text-slate-700">{i18n._('guarantees.intro')}</p>
      {guarantees.isPending ? (
        <Spinner />
      ) : guarantees.isError ? (
        <ErrorState
          message={errorMessage(guarantees.error)}
          onRetry={() => void guarantees.refetch()}
        />
      ) : (
        <>
          {/* Answering and the setting need the network; what was read stays to be read. */}
          <NeedsNetwork />
          <FindableSetting
            findable={guarantees.data.findable}
            freeSavings={guarantees.data.free_savings}
          />
          <GuaranteeList items={guarantees.data.items} />
        </>
      )}
    </div>
  );
}

const newestFirst = (a: Guarantee, b: Guarantee) =>
  b.asked_at.localeCompare(a.asked_at) || b.id - a.id;

function GuaranteeList({ items }: { items: Guarantee[] }) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const answer = useAnswerGuarantee();
  const [accepting, setAccepting] = useState<Guarantee | null>(null);

  if (items.length === 0) {
    return (
      <EmptyState title={i18n._('guarantees.empty.title')}>
        <p>{i18n._('guarantees.empty.body')}</p>
      </EmptyState>
    );
  }

  // Declining holds nothing, so it needs no second tap; accepting asks first (the modal).
  const decline = async (guarantee: Guarantee) => {
    try {
      const res = await answer.mutateAsync({ id: guarantee.id, answer: 'decline' });
      toastSuccess(res.message);
    } catch (error) {
      toastError(error);
    }
  };
  const answering = answer.isPending ? answer.variables : undefined;

  return (
    <section aria-labelledby="guarantees-list" className="flex flex-col gap-3">
      <h2 id="guarantees-list" className="text-lg font-bold text-slate-900">
        {i18n._('guarantees.listTitle')}
      </h2>
      <ul className="flex flex-col gap-3">
        {[...items].sort(newestFirst).map((guarantee) => (
          <GuaranteeCard
            key={guarantee.id}
            guarantee={guarantee}
            answering={answering?.id === guarantee.id ? answering.answer : undefined}
            canAnswer={isOnline && !answer.isPending}
            onAccept={() => setAccepting(guarantee)}
            onDecline={() => void decline(guarantee)}
          />
        ))}
      </ul>
      <AcceptGuaranteeModal guarantee={accepting} onClose={() => setAccepting(null)} />
    </section>
  );
}
