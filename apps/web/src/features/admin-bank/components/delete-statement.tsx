import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { BankStatement } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { isolated } from '../../../lib/bidi.ts';
import { errorMessage, toastError, translateMessage } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { useDeleteStatement } from '../api/delete-statement.ts';
import { daysOf } from '../lib/days.ts';

/**
 * "Delete this statement", after a question naming its file and days. While a line of it is
 * linked or booked the server refuses (409) and names each: they stay listed in the question,
 * to unlink first (a line made into a payment or a booking is corrected by reversal).
 */
export function DeleteStatement({
  statement: s,
  onDeleted,
}: {
  statement: BankStatement;
  onDeleted: (message: string) => void;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const [isAsking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; lines: string[] } | null>(null);
  const remove = useDeleteStatement({
    // Out of the top layer first, so that the page's answer takes the focus.
    onDeleted: (message) => {
      flushSync(() => setAsking(false));
      onDeleted(message);
    },
  });
  const close = () => {
    setRefusal(null);
    setAsking(false);
  };

  const run = async () => {
    setRefusal(null);
    try {
      await remove.mutateAsync({ id: s.id });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        setRefusal({
          message: errorMessage(error),
          lines: Object.values(error.errors).flat().map(translateMessage),
        });
      else toastError(error);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        className="self-start"
        disabled={!isOnline}
        onClick={() => setAsking(true)}
      >
        {i18n._('admin-bank.delete.button')}
      </Button>
      <Modal
        isOpen={isAsking}
        onClose={() => !remove.isPending && close()}
        title={i18n._('admin-bank.delete.title')}
      >
        <div className="flex flex-col gap-4">
          <p className="text-slate-800">
            {i18n._('admin-bank.delete.body', {
              file: isolated(s.file_name),
              days: daysOf(i18n, s.from, s.to),
              lines: s.lines,
            })}
          </p>
          {refusal && (
            <div
              role="alert"
              className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900"
            >
              <p className="font-medium">{refusal.message}</p>
              {refusal.lines.length > 0 && (
                <>
                  <p className="mt-2 text-sm">{i18n._('admin-bank.delete.unlinkFirst')}</p>
                  <ul className="mt-1 list-disc ps-5 text-sm">
                    {refusal.lines.map((line) => (
                      <li key={line} dir="auto">
                        {line}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}
          <ModalActions>
            <CancelButton disabled={remove.isPending} onClick={close} />
            <Button variant="danger" isBusy={remove.isPending} onClick={() => void run()}>
              {i18n._('admin-bank.delete.confirm')}
            </Button>
          </ModalActions>
        </div>
      </Modal>
    </>
  );
}
