import type { BankStatement } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/messages.ts';
import type { useStatements } from '../api/get-statements.ts';
import { daysOf } from '../lib/days.ts';
import { FORMAT_TEXTS } from '../texts.ts';

/**
 * The statements imported, newest first, one of them chosen (its matches and what is left
 * show under the list). Before the first: what to import, and from where.
 */
export function StatementList({
  statements,
  chosenId,
  onChoose,
}: {
  statements: ReturnType<typeof useStatements>;
  chosenId: number | null;
  onChoose: (id: number) => void;
}) {
  const i18n = useTexts();
  const items = statements.data?.pages.flatMap((p) => p.items) ?? [];
  let body;
  if (statements.isPending) body = <Spinner />;
  else if (statements.isError && !statements.data)
    body = (
      <ErrorState
        message={errorMessage(statements.error)}
        onRetry={() => void statements.refetch()}
      />
    );
  else if (items.length === 0)
    body = (
      <EmptyState title={i18n._('admin-bank.list.empty')}>
        <p className="max-w-lg text-sm">{i18n._('admin-bank.list.emptyBody')}</p>
        <p className="max-w-lg text-sm">{i18n._('admin-bank.list.emptyThen')}</p>
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="grid grid-cols-1 gap-2 lg:grid-cols-2">
          {items.map((s) => (
            <li key={s.id}>
              <StatementButton
                statement={s}
                isChosen={s.id === chosenId}
                onChoose={() => onChoose(s.id)}
              />
            </li>
          ))}
        </ul>
        <ShowMoreButton
          hasNextPage={statements.hasNextPage}
          isFetchingNextPage={statements.isFetchingNextPage}
          fetchNextPage={statements.fetchNextPage}
        >
          {i18n._('admin-bank.list.showMore')}
        </ShowMoreButton>
      </>
    );
  return (
    <section aria-labelledby="bank-statements" className="flex flex-col gap-3">
      <h2 id="bank-statements" className="text-lg font-bold text-slate-900">
        {i18n._('admin-bank.list.title')}
      </h2>
      {body}
    </section>
  );
}

function StatementButton({
  statement: s,
  isChosen,
  onChoose,
}: {
  statement: BankStatement;
  isChosen: boolean;
  onChoose: () => void;
}) {
  const i18n = useTexts();
  return (
    <button
      type="button"
      aria-pressed={isChosen}
      onClick={onChoose}
      className={`flex min-h-11 w-full flex-col items-start gap-0.5 rounded-xl border p-3 text-start focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${isChosen ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
    >
      <span className="font-bold text-slate-900">{daysOf(i18n, s.from, s.to)}</span>
      <span className="text-sm break-all text-slate-700">
        {s.bank && (
          <>
            <bdi className="font-semibold">{s.bank}</bdi>
            {' · '}
          </>
        )}
        <bdi>{s.file_name}</bdi> · {i18n._(FORMAT_TEXTS[s.format])}
      </span>
      <span className="text-sm text-slate-700">
        {i18n._('admin-bank.list.lines', { lines: s.lines, fresh: s.new_lines })}
      </span>
    </button>
  );
}
