import { useState } from 'react';
import type { LookalikeChoice } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';

const AT_ONCE = 10;

/**
 * Lines that look like lines already held (the same day and amount, from a statement in another
 * format, and nothing else tells): the treasurer says whether they are the same lines (kept
 * once) or new ones, and the same file is sent again with the answer.
 */
export function LookalikesChoice({
  lines,
  isSending,
  onChoose,
}: {
  lines: readonly string[];
  isSending: boolean;
  onChoose: (choice: Exclude<LookalikeChoice, 'ask'>) => void;
}) {
  const i18n = useTexts();
  const [shown, setShown] = useState(AT_ONCE);
  const [chosen, setChosen] = useState<LookalikeChoice | null>(null);
  const choose = (choice: Exclude<LookalikeChoice, 'ask'>) => {
    setChosen(choice);
    onChoose(choice);
  };
  return (
    <div className="flex flex-col gap-3">
      <ul
        aria-label={i18n._('admin-bank.lookalikes.listLabel')}
        className="flex flex-col gap-1 rounded-lg bg-white p-3 text-sm text-slate-900 shadow-sm"
      >
        {lines.slice(0, shown).map((line, i) => (
          // The server's sentence, in the reader's language, around the bank's own text.
          <li key={i} dir="auto" className="break-words">
            {line}
          </li>
        ))}
      </ul>
      <ShowMoreButton
        hasNextPage={lines.length > shown}
        isFetchingNextPage={false}
        fetchNextPage={() => setShown((n) => n + AT_ONCE)}
      >
        {i18n._('admin-bank.outcome.showMore', { count: lines.length - shown })}
      </ShowMoreButton>
      <p className="text-sm">{i18n._('admin-bank.lookalikes.ask')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          isBusy={isSending && chosen === 'same'}
          disabled={isSending}
          onClick={() => choose('same')}
        >
          {i18n._('admin-bank.lookalikes.same')}
        </Button>
        <Button
          variant="secondary"
          isBusy={isSending && chosen === 'new'}
          disabled={isSending}
          onClick={() => choose('new')}
        >
          {i18n._('admin-bank.lookalikes.new')}
        </Button>
      </div>
    </div>
  );
}
