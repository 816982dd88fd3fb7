import { useTexts } from '../../../lib/i18n.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { errorMessage } from '../../../lib/messages.ts';
import { STATEMENT_PAGE } from '../api/get-statements.ts';
import type { StatementPart } from '../api/statement-parts.ts';

/** "Show more" under a part of a statement's page, and why its next page did not come. */
export function PartMore({ part }: { part: StatementPart }) {
  const i18n = useTexts();
  return (
    <>
      {part.error && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {errorMessage(part.error)}
        </p>
      )}
      <ShowMoreButton
        hasNextPage={part.hasMore}
        isFetchingNextPage={part.isFetchingMore}
        fetchNextPage={part.showMore}
      >
        {i18n._('admin-bank.reconcile.showMore', { count: Math.min(part.left, STATEMENT_PAGE) })}
      </ShowMoreButton>
    </>
  );
}
