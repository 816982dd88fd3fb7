import { useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { FocusHeading } from '../../../components/focus-heading.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import type { LookalikeChoice } from '@jamiya/contracts/bank';
import type { StatementImported } from '../api/import-statement.ts';
import type { FileProblems } from '../lib/file-problems.ts';
import { LookalikesChoice } from './lookalikes-choice.tsx';

/**
 * What the server answered a statement: imported, imported before, lines that look like lines
 * already held (to say which they are), or refused.
 */
export type Outcome =
  | { kind: 'imported'; answer: StatementImported }
  | { kind: 'before'; message: string }
  | { kind: 'lookalikes'; message: string; lines: string[] }
  | { kind: 'problems'; message: string; problems: FileProblems }
  | { kind: 'refused'; message: string };

const LINES_AT_ONCE = 20;

const TONES = {
  imported: 'border-green-300 bg-green-50 text-green-950',
  before: 'border-amber-300 bg-amber-50 text-amber-950',
  lookalikes: 'border-amber-300 bg-amber-50 text-amber-950',
  problems: 'border-red-200 bg-red-50 text-red-900',
  refused: 'border-red-200 bg-red-50 text-red-900',
} as const;

/**
 * The answer under the form; its heading takes the focus as it appears. Lookalike lines are
 * answered through `onLookalikes`, which sends the file again.
 */
export function ImportOutcome({
  outcome,
  isSending = false,
  onLookalikes,
}: {
  outcome: Outcome;
  isSending?: boolean;
  onLookalikes?: (choice: Exclude<LookalikeChoice, 'ask'>) => void;
}) {
  const i18n = useTexts();
  const title = {
    imported: i18n._('admin-bank.outcome.imported'),
    before: i18n._('admin-bank.outcome.before'),
    lookalikes: i18n._('admin-bank.outcome.lookalikes', {
      count: outcome.kind === 'lookalikes' ? outcome.lines.length : 0,
    }),
    problems: i18n._('admin-bank.outcome.problems'),
    refused: i18n._('admin-bank.outcome.refused'),
  }[outcome.kind];
  return (
    <section
      aria-labelledby="bank-import-outcome"
      className={`flex flex-col gap-2 rounded-xl border p-3 sm:p-4 ${TONES[outcome.kind]}`}
    >
      <FocusHeading id="bank-import-outcome">{title}</FocusHeading>
      {outcome.kind === 'imported' ? (
        <>
          <p role="status">{outcome.answer.message}</p>
          {outcome.answer.statement.duplicate_lines > 0 && (
            <p className="text-sm">
              {i18n._('admin-bank.outcome.duplicates', {
                count: outcome.answer.statement.duplicate_lines,
              })}
            </p>
          )}
          <p className="text-sm">{i18n._('admin-bank.outcome.next')}</p>
        </>
      ) : (
        <p role="alert" className="font-medium">
          {outcome.message}
        </p>
      )}
      {outcome.kind === 'before' && (
        <p className="text-sm">{i18n._('admin-bank.outcome.beforeNext')}</p>
      )}
      {outcome.kind === 'problems' && <Problems problems={outcome.problems} />}
      {outcome.kind === 'lookalikes' && onLookalikes && (
        <LookalikesChoice lines={outcome.lines} isSending={isSending} onChoose={onLookalikes} />
      )}
    </section>
  );
}

/** Each line to correct with what is wrong in it, then what to do. */
function Problems({ problems }: { problems: FileProblems }) {
  const i18n = useTexts();
  const [shown, setShown] = useState(LINES_AT_ONCE);
  return (
    <div className="flex flex-col gap-3">
      {problems.general.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {problems.lines.length > 0 && (
        <ul aria-label={i18n._('admin-bank.outcome.linesLabel')} className="flex flex-col gap-2">
          {problems.lines.slice(0, shown).map(({ line, problems: found }) => (
            <li key={line} className="rounded-lg bg-white p-3 text-slate-900 shadow-sm">
              <p className="font-bold">{i18n._('admin-bank.outcome.line', { line })}</p>
              <ul className="flex flex-col gap-1 text-sm">
                {found.map(({ column, message }, i) => (
                  <li key={i} className="break-words">
                    {column && (
                      <span className="font-semibold">
                        <bdi>{column}</bdi>:{' '}
                      </span>
                    )}
                    <span className="text-red-800">{message}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <ShowMoreButton
        hasNextPage={problems.lines.length > shown}
        isFetchingNextPage={false}
        fetchNextPage={() => setShown((n) => n + LINES_AT_ONCE)}
      >
        {i18n._('admin-bank.outcome.showMore', { count: problems.lines.length - shown })}
      </ShowMoreButton>
      <p className="text-sm">{i18n._('admin-bank.outcome.problemsNext')}</p>
    </div>
  );
}
