import { useId, useRef, type ReactNode } from 'react';
import { useSidewaysScroll } from '../lib/use-sideways-scroll.ts';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers line up at the end. */
  align?: 'start' | 'end';
  /** Left out on a phone (below md) to keep the table within the screen. */
  isSecondary?: boolean;
  /** The cell that names the row (a <th scope="row">), read before each other cell. */
  isRowHeader?: boolean;
}

/**
 * A plain table for the admin lists: a caption (visually hidden unless `showCaption`),
 * a header row, and a horizontal scroll of its own when it is still wider than the screen.
 */
export function DataTable<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  showCaption?: boolean;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
}) {
  const captionId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const { isScrollable } = useSidewaysScroll(boxRef);
  const cellClass = (c: Column<T>) =>
    `px-2 py-2.5 first:ps-3 last:pe-3 md:px-3 md:first:ps-4 md:last:pe-4 ${c.align === 'end' ? 'text-end tabular-nums' : 'text-start'} ${c.isSecondary ? 'hidden md:table-cell' : ''}`;
  return (
    <div
      ref={boxRef}
      // A table that scrolls sideways must be reachable by keyboard to be scrolled.
      {...(isScrollable ? { tabIndex: 0, role: 'region', 'aria-labelledby': captionId } : {})}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <table className="w-full text-sm">
        <caption
          id={captionId}
          className={showCaption ? 'px-4 pt-3 text-start font-bold text-slate-900' : 'sr-only'}
        >
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50 text-slate-600">
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`${cellClass(c)} font-medium`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-slate-100 last:border-0">
              {columns.map((c) =>
                c.isRowHeader ? (
                  <th key={c.key} scope="row" className={`${cellClass(c)} font-normal`}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} className={cellClass(c)}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
