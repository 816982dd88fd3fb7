import { useState } from 'react';
import type { BankLine } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { FocusHeading } from '../../../components/focus-heading.tsx';

/** What an action on a bank line did, as the server said it. */
export interface LineDone {
  kind: 'recorded' | 'linked' | 'booked' | 'proposed' | 'unlinked';
  message: string;
}

/** A dialog that acts on a bank line: open while `line` is set. */
export interface LineDialogProps {
  line: BankLine | null;
  onClose: () => void;
  onDone: (done: LineDone) => void;
}

const TITLES: Record<LineDone['kind'], string> = {
  recorded: /*i18n*/ 'admin-bank.assign.doneTitle',
  linked: /*i18n*/ 'admin-bank.done.linked',
  booked: /*i18n*/ 'admin-bank.done.booked',
  proposed: /*i18n*/ 'admin-bank.assign.proposedTitle',
  unlinked: /*i18n*/ 'admin-bank.done.unlinked',
};

/** The last answer of a section's lines, drawn anew each time (its heading takes the focus). */
export function useLineOutcome() {
  const [said, setSaid] = useState<{ n: number; done: LineDone } | null>(null);
  const say = (done: LineDone) => setSaid((s) => ({ n: (s?.n ?? 0) + 1, done }));
  return [said, say] as const;
}

export function LineOutcome({
  id,
  said,
}: {
  id: string;
  said: { n: number; done: LineDone } | null;
}) {
  const i18n = useTexts();
  if (!said) return null;
  const { kind, message } = said.done;
  const isProposed = kind === 'proposed';
  return (
    <section
      key={said.n}
      aria-labelledby={id}
      className={`flex flex-col gap-1 rounded-xl border p-3 sm:p-4 ${isProposed ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-green-300 bg-green-50 text-green-950'}`}
    >
      <FocusHeading id={id}>{i18n._(TITLES[kind])}</FocusHeading>
      <p role="status">{message}</p>
      {isProposed && <p className="text-sm">{i18n._('admin-bank.assign.proposedNext')}</p>}
    </section>
  );
}
