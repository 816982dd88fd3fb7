import { useId, useMemo, useState } from 'react';
import type { ImportError, ImportLine } from '@jamiya/contracts/imports';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { ShowMoreButton } from '../../../components/show-more-button.tsx';
import { COLUMNS, COLUMN_TEXTS, wrongCells } from '../lib/cell-errors.ts';

const LINES_AT_ONCE = 50;

/**
 * Every row of the file as the server read it, opened on demand and shown 50 at a time (a
 * file can have thousands); a wrong cell is marked here too.
 */
export function RowsRead({
  lines,
  errors,
}: {
  lines: readonly ImportLine[];
  errors: readonly ImportError[];
}) {
  const i18n = useTexts();
  const panelId = useId();
  const [isOpen, setOpen] = useState(false);
  const [shown, setShown] = useState(LINES_AT_ONCE);
  const wrong = useMemo(() => wrongCells(errors), [errors]);
  if (lines.length === 0) return null;
  const columns: Column<ImportLine>[] = [
    {
      key: 'row',
      header: i18n._('admin-import.rows.row'),
      isRowHeader: true,
      align: 'end',
      cell: (l) => l.row,
    },
    ...COLUMNS.map((column): Column<ImportLine> => ({
      key: column,
      header: i18n._(COLUMN_TEXTS[column]),
      cell: (l) =>
        wrong.get(l.row)?.has(column) ? (
          <span className="rounded bg-red-100 px-1 font-semibold text-red-900">
            <bdi>{l.cells[column] || '—'}</bdi>
            <span className="sr-only"> ({i18n._('admin-import.rows.wrong')})</span>
          </span>
        ) : (
          <bdi className="whitespace-nowrap">{l.cells[column]}</bdi>
        ),
    })),
  ];
  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button
          variant="secondary"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setOpen((open) => !open)}
        >
          {isOpen
            ? i18n._('admin-import.rows.hide')
            : i18n._('admin-import.rows.show', { count: lines.length })}
        </Button>
      </div>
      <div id={panelId} hidden={!isOpen} className="flex flex-col gap-3">
        {isOpen && (
          <>
            <DataTable
              caption={i18n._('admin-import.rows.caption', {
                shown: Math.min(shown, lines.length),
                count: lines.length,
              })}
              showCaption
              columns={columns}
              rows={lines.slice(0, shown)}
              rowKey={(l) => l.row}
            />
            <ShowMoreButton
              hasNextPage={lines.length > shown}
              isFetchingNextPage={false}
              fetchNextPage={() => setShown((n) => n + LINES_AT_ONCE)}
            >
              {i18n._('admin-import.rows.showMore', {
                count: Math.min(LINES_AT_ONCE, lines.length - shown),
              })}
            </ShowMoreButton>
          </>
        )}
      </div>
    </div>
  );
}
