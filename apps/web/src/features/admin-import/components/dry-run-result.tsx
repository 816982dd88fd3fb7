import { useState } from 'react';
import type { ImportApplied, ImportDryRun, ImportProposed } from '@jamiya/contracts/imports';
import { IMPORT_ERRORS_LISTED } from '@jamiya/contracts/values';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { card } from '../../../components/styles.ts';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import type { ImportInput } from '../api/check-import.ts';
import { ApplyDialog } from './apply-dialog.tsx';
import { FocusHeading } from '../../../components/focus-heading.tsx';
import { ImportFiguresList, OpeningEntry } from './import-figures.tsx';
import { RowsRead } from './rows-read.tsx';
import { RowsToMend } from './rows-to-mend.tsx';

/**
 * What a checked file would bring in, its opening entry, and each cell to mend; the Apply
 * button only when nothing is wrong (and no other import waits for a second admin).
 * `refusal` is what the server said when the apply was refused (its cells are in `dryRun`).
 */
export function DryRunResult({
  dryRun,
  input,
  refusal,
  hasWaiting,
  onChooseFile,
  onApplied,
  onProposed,
  onRefused,
}: {
  dryRun: ImportDryRun;
  input: ImportInput;
  refusal?: string | undefined;
  hasWaiting: boolean;
  onChooseFile: () => void;
  onApplied: (answer: ImportApplied) => void;
  onProposed: (answer: ImportProposed) => void;
  onRefused: (error: ApiError) => void;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const [isConfirming, setConfirming] = useState(false);
  const hasErrors = dryRun.errors_total > 0;
  // A refused apply's cells are the first listed only: its message counts them all.
  const partlyRefused = refusal !== undefined && dryRun.errors.length >= IMPORT_ERRORS_LISTED;
  return (
    <section aria-labelledby="import-result" className={`${card} flex flex-col gap-5`}>
      <div className="flex flex-col gap-1">
        <FocusHeading id="import-result">
          {hasErrors
            ? i18n._('admin-import.result.titleErrors')
            : i18n._('admin-import.result.titleReady')}
        </FocusHeading>
        <p className="text-sm text-slate-700">
          <bdi className="font-semibold break-all">{dryRun.file.name}</bdi>{' '}
          {i18n._('admin-import.result.fileLine', {
            rows: dryRun.rows,
            date: formatDate(dryRun.as_of),
            cash: aed(dryRun.opening_cash),
          })}
        </p>
      </div>
      {refusal && !hasErrors && (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 font-medium text-red-900"
        >
          {refusal}
        </p>
      )}
      {hasErrors && (
        <section aria-labelledby="import-errors" className="flex flex-col gap-3">
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-red-900 sm:p-4"
          >
            <h3 id="import-errors" className="font-bold">
              {refusal ??
                i18n._('admin-import.errors.count', {
                  count: dryRun.errors_total,
                  rows: dryRun.error_rows,
                })}
            </h3>
            {(dryRun.errors.length < dryRun.errors_total || partlyRefused) && (
              <p>{i18n._('admin-import.errors.firstListed', { count: dryRun.errors.length })}</p>
            )}
            <p>{i18n._('admin-import.errors.nothingWritten')}</p>
            <div>
              <Button variant="secondary" onClick={onChooseFile}>
                {i18n._('admin-import.errors.chooseAgain')}
              </Button>
            </div>
          </div>
          <RowsToMend errors={dryRun.errors} lines={dryRun.lines} />
        </section>
      )}
      <section aria-labelledby="import-figures" className="flex flex-col gap-3">
        <div>
          <h3 id="import-figures" className="font-bold text-slate-900">
            {i18n._('admin-import.result.figuresTitle')}
          </h3>
          {hasErrors && (
            <p className="text-sm text-slate-700">{i18n._('admin-import.result.figuresPartial')}</p>
          )}
        </div>
        <ImportFiguresList figures={dryRun} />
        <OpeningEntry
          lines={dryRun.opening_entry}
          caption={i18n._('admin-import.entry.caption', { date: formatDate(dryRun.as_of) })}
        />
        <p className="text-sm text-slate-700">{i18n._('admin-import.entry.note')}</p>
      </section>
      <RowsRead lines={dryRun.lines} errors={dryRun.errors} />
      {!hasErrors &&
        (hasWaiting ? (
          <p className="rounded-xl bg-amber-50 p-3 text-amber-950">
            {i18n._('admin-import.result.decideFirst')}
          </p>
        ) : (
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-700">{i18n._('admin-import.result.readyNote')}</p>
            <Button disabled={!isOnline} onClick={() => setConfirming(true)}>
              {i18n._('admin-import.apply.submit')}
            </Button>
          </div>
        ))}
      <ApplyDialog
        isOpen={isConfirming}
        onClose={() => setConfirming(false)}
        dryRun={dryRun}
        input={input}
        onApplied={onApplied}
        onProposed={onProposed}
        onRefused={onRefused}
      />
    </section>
  );
}
