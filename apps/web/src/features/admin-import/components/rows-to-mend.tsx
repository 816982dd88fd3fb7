import { useMemo, useState } from 'react';
import type { ImportError, ImportLine } from '@jamiya/contracts/imports';
import { useTexts } from '../../../lib/i18n.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { isolated } from '../../../lib/bidi.ts';
import { COLUMNS, COLUMN_TEXTS, rowsToMend, type RowToMend } from '../lib/cell-errors.ts';

const ROWS_AT_ONCE = 20;

/**
 * Every row with a mistake, a card each: its cells as read, each wrong one marked with what to
 * write instead. A card's cells flow into as many columns as its width holds, so that a phone
 * shows them one under another and a wide screen a few side by side. Without the rows as read
 * (an apply confirmed by a second admin), the wrong cells alone.
 */
export function RowsToMend({
  errors,
  lines = [],
}: {
  errors: readonly ImportError[];
  lines?: readonly ImportLine[];
}) {
  const i18n = useTexts();
  const rows = useMemo(() => rowsToMend(errors, lines), [errors, lines]);
  const [shown, setShown] = useState(ROWS_AT_ONCE);
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {rows.slice(0, shown).map((r) => (
          <RowCard key={r.row} row={r} />
        ))}
      </ul>
      <ShowMoreButton
        hasNextPage={rows.length > shown}
        isFetchingNextPage={false}
        fetchNextPage={() => setShown((n) => n + ROWS_AT_ONCE)}
      >
        {i18n._('admin-import.errors.showMore', { count: rows.length - shown })}
      </ShowMoreButton>
    </div>
  );
}

function RowCard({ row }: { row: RowToMend }) {
  const i18n = useTexts();
  const name = row.line?.cells.name?.trim();
  const columns = row.line ? COLUMNS : COLUMNS.filter((c) => row.cells.has(c));
  return (
    <li className="@container flex flex-col gap-2 rounded-xl border border-red-200 bg-white p-3 shadow-sm sm:p-4">
      <h4 className="font-bold text-slate-900">
        {name
          ? i18n._('admin-import.errors.rowNamed', { row: row.row, name: isolated(name) })
          : i18n._('admin-import.errors.row', { row: row.row })}
      </h4>
      {row.others.map((message) => (
        <p key={message} className="text-sm font-medium text-red-800">
          {message}
        </p>
      ))}
      {columns.length > 0 && (
        <dl className="grid grid-cols-1 gap-2 @[26rem]:grid-cols-2 @[40rem]:grid-cols-3 @[56rem]:grid-cols-4">
          {columns.map((column) => {
            const messages = row.cells.get(column);
            const value = row.line?.cells[column] ?? '';
            return (
              <div
                key={column}
                className={`flex min-w-0 flex-col gap-0.5 rounded-lg p-2 ${messages ? 'border-2 border-red-200 bg-red-100' : 'bg-slate-50'}`}
              >
                <dt className="text-xs text-slate-700">
                  {i18n._(COLUMN_TEXTS[column])}{' '}
                  <span dir="ltr" translate="no" className="font-mono text-slate-600">
                    ({column})
                  </span>
                </dt>
                {row.line && (
                  <dd className="font-medium break-words text-slate-900">
                    {value === '' ? (
                      <span className="font-normal text-slate-600">
                        {i18n._('admin-import.errors.empty')}
                      </span>
                    ) : (
                      <bdi>{value}</bdi>
                    )}
                  </dd>
                )}
                {messages?.map((message) => (
                  <dd key={message} className="text-sm font-medium text-red-800">
                    <span className="sr-only">{i18n._('admin-import.errors.toMend')} </span>
                    {message}
                  </dd>
                ))}
              </div>
            );
          })}
        </dl>
      )}
    </li>
  );
}
