import { useState } from 'react';
import type { ImportApplied, ImportError, ImportRecord } from '@jamiya/contracts/imports';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { ProposalPanel } from '../../../components/proposal-panel.tsx';
import { closeOnConflict } from '../../../components/reason-dialog.tsx';
import { useMyId, type FundProposal } from '../../../api/proposals.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { toastError } from '../../../lib/messages.ts';
import { cellErrorsOf } from '../api/check-import.ts';
import { useConfirmImport } from '../api/confirm-import.ts';
import { isolated } from '../../../lib/bidi.ts';
import { ImportFiguresList } from './import-figures.tsx';
import { RowsToMend } from './rows-to-mend.tsx';

/**
 * The proposal behind a waiting import, as the shared panel shows one: the import carries its
 * id, who proposed it and when, which is all the panel reads.
 */
const proposalOf = (record: ImportRecord): FundProposal => ({
  id: record.proposal_id!,
  action: 'import.apply',
  loan_id: null,
  member: null,
  amount: null,
  reason: null,
  details: null,
  proposed_by: record.proposed_by,
  proposed_at: record.proposed_at,
});

/**
 * An import proposed by one admin, waiting for another (maker-checker): its figures, and what
 * this admin may do. Another admin confirms it, and the server applies the file it kept; the
 * proposer reads why they cannot; anyone may withdraw it.
 */
export function WaitingImport({
  record,
  onApplied,
}: {
  record: ImportRecord;
  onApplied: (answer: ImportApplied) => void;
}) {
  const i18n = useTexts();
  const myId = useMyId();
  const isMine = myId !== undefined && record.proposed_by.id === myId;
  const [isConfirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; cells: ImportError[] } | null>(null);
  const confirm = useConfirmImport();

  const run = async () => {
    try {
      const answer = await confirm.mutateAsync({ id: record.id });
      setConfirming(false);
      onApplied(answer);
    } catch (error) {
      if (closeOnConflict(error, () => setConfirming(false))) return;
      const cells = cellErrorsOf(error);
      if (cells && error instanceof ApiError) {
        setConfirming(false);
        setRefusal({ message: error.message, cells });
      } else toastError(error);
    }
  };

  return (
    <section aria-labelledby="import-waiting" className="flex flex-col gap-3">
      <h2 id="import-waiting" className="text-lg font-bold text-slate-900">
        {i18n._('admin-import.waiting.title')}
      </h2>
      <ProposalPanel
        proposal={proposalOf(record)}
        isMine={isMine}
        confirmLabel={i18n._('admin-import.waiting.confirm')}
        onConfirm={() => setConfirming(true)}
      >
        <p>
          {i18n._('admin-import.waiting.what', {
            date: formatDate(record.as_of),
            cash: aed(record.opening_cash),
          })}{' '}
          <bdi className="font-semibold break-all">{record.file.name}</bdi>
        </p>
        <div className="rounded-xl bg-white p-3 text-slate-900">
          <ImportFiguresList figures={record} />
        </div>
      </ProposalPanel>
      {refusal && (
        <div className="flex flex-col gap-3">
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 p-3 font-medium text-red-900"
          >
            {refusal.message}
          </p>
          <RowsToMend errors={refusal.cells} />
        </div>
      )}
      <Modal
        isOpen={isConfirming}
        onClose={() => !confirm.isPending && setConfirming(false)}
        title={i18n._('admin-import.waiting.dialogTitle')}
      >
        <div className="flex flex-col gap-4">
          <p className="text-slate-800">
            {i18n._('admin-import.waiting.dialogBody', {
              name: isolated(record.proposed_by.name),
              members: record.members,
              savings: aed(record.savings_total),
              date: formatDate(record.as_of),
            })}
          </p>
          <p className="text-sm text-slate-700">{i18n._('admin-import.waiting.dialogCheck')}</p>
          <p role="status" className="text-sm text-slate-700">
            {confirm.isPending ? i18n._('admin-import.apply.applying') : ''}
          </p>
          <ModalActions>
            <CancelButton disabled={confirm.isPending} onClick={() => setConfirming(false)} />
            <Button isBusy={confirm.isPending} onClick={() => void run()}>
              {i18n._('admin-import.waiting.confirm')}
            </Button>
          </ModalActions>
        </div>
      </Modal>
    </section>
  );
}
