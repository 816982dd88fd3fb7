import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTexts } from '../../../lib/i18n.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { useAfterPagePaint } from '../../../lib/use-after-page-paint.ts';
import { useStatements } from '../api/get-statements.ts';
import { LaterPart, preloadLaterParts } from './later-parts.tsx';
import { StatementImport } from './statement-import.tsx';
import { StatementDeleted } from './statement-deleted.tsx';
import { StatementList } from './statement-list.tsx';

/**
 * /admin/bank: the month-end with the association's bank statement (issue 37). A statement
 * imported (a CSV's columns mapped once per bank), its lines matched to the receipts waiting and
 * approved in one step, the money with no receipt assigned, what the bank has not seen, and the
 * books against the bank. The statement shown is in the address (`?statement=`), the newest by
 * default.
 */
export function BankPage() {
  const i18n = useTexts();
  const statements = useStatements();
  const [params, setParams] = useSearchParams();
  // What the last deletion answered, drawn anew each time (its heading takes the focus).
  const [deleted, setDeleted] = useState<{ n: number; id: number; message: string } | null>(null);
  const asked = Number(params.get('statement'));
  const newest = statements.data?.pages[0]?.items[0]?.id ?? null;
  // A statement just deleted is not shown while the address still names it.
  const isAsked = Number.isInteger(asked) && asked > 0 && asked !== deleted?.id;
  const chosenId = isAsked ? asked : newest;
  const hasPagePainted = useAfterPagePaint();
  useEffect(() => {
    if (hasPagePainted) preloadLaterParts();
  }, [hasPagePainted]);
  const choose = (id: number, replace = false) => {
    setDeleted(null);
    setParams({ statement: String(id) }, { replace });
  };
  const forget = (id: number, message: string) => {
    setDeleted((d) => ({ n: (d?.n ?? 0) + 1, id, message }));
    // The newest statement left is shown.
    setParams({}, { replace: true });
  };
  return (
    <div className="flex flex-col gap-6">
      <title>{i18n._('admin-bank.pageTitle')}</title>
      <PageHeading title={i18n._('admin-bank.title')} subtitle={i18n._('admin-bank.subtitle')} />
      <StatementImport onImported={(statement) => choose(statement.id, true)} />
      {deleted && <StatementDeleted key={deleted.n} message={deleted.message} />}
      <StatementList statements={statements} chosenId={chosenId} onChoose={choose} />
      {chosenId !== null && (
        <LaterPart key={chosenId}>
          {({ StatementDetail }) => (
            <StatementDetail id={chosenId} onDeleted={(message) => forget(chosenId, message)} />
          )}
        </LaterPart>
      )}
    </div>
  );
}
