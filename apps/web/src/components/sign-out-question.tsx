import { useState } from 'react';
import { periodLabel } from '../lib/dates.ts';
import { aed } from '../lib/format.ts';
import { useTexts } from '../lib/i18n.tsx';
import { toastError } from '../lib/messages.ts';
import type { WaitingPayment } from '../lib/outbox.ts';
import { Button } from './button.tsx';
import { Modal, ModalActions } from './modal.tsx';

export interface SignOutQuestionProps {
  /** The member's own payments waiting on this phone. */
  payments: readonly WaitingPayment[];
  onKeep: () => Promise<void>;
  onDelete: () => Promise<void>;
  onStay: () => void;
}

/**
 * Asked at sign-out when payments the member made without a network still wait on this phone
 * (api/logout.ts): keep them, hidden from whoever signs in next, to go at the member's next
 * sign-in here, or delete them; or stay signed in. Its texts are the payments' own (`dues`),
 * loaded before it opens.
 */
export function SignOutQuestion({ payments, onKeep, onDelete, onStay }: SignOutQuestionProps) {
  const i18n = useTexts();
  const [choice, setChoice] = useState<'keep' | 'delete' | null>(null);
  const count = payments.length;
  const choose = async (chosen: 'keep' | 'delete', act: () => Promise<void>) => {
    setChoice(chosen);
    try {
      await act();
    } catch (error) {
      setChoice(null);
      toastError(error);
    }
  };
  return (
    <Modal isOpen onClose={() => choice === null && onStay()} title={i18n._('dues.signOut.title')}>
      <div className="flex flex-col gap-3 pb-4">
        <p className="text-slate-800">{i18n._('dues.signOut.body', { count })}</p>
        <ul className="flex flex-col gap-2">
          {payments.map((payment) => (
            <li
              key={payment.id}
              className="rounded-xl border border-amber-300 bg-amber-50 p-3 font-semibold text-slate-900"
            >
              {payment.kind === 'dues' && payment.period
                ? i18n._('dues.waiting.dues', {
                    month: periodLabel(payment.period),
                    amount: aed(payment.amount),
                  })
                : i18n._('dues.waiting.repayment', { amount: aed(payment.amount) })}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-700">{i18n._('dues.signOut.keepHint', { count })}</p>
        <p className="text-sm text-slate-700">{i18n._('dues.signOut.deleteHint', { count })}</p>
      </div>
      {/* Beside the text, not in it: the bar reaches the box's edges. */}
      <ModalActions isStacked>
        <Button variant="secondary" onClick={onStay} disabled={choice !== null}>
          {i18n._('dues.signOut.stay')}
        </Button>
        <Button
          variant="danger"
          isBusy={choice === 'delete'}
          disabled={choice === 'keep'}
          onClick={() => void choose('delete', onDelete)}
        >
          {i18n._('dues.signOut.delete')}
        </Button>
        <Button
          isBusy={choice === 'keep'}
          disabled={choice === 'delete'}
          onClick={() => void choose('keep', onKeep)}
        >
          {i18n._('dues.signOut.keep')}
        </Button>
      </ModalActions>
    </Modal>
  );
}
