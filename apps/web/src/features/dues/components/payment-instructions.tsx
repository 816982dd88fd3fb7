import { useEffect, useId, useState } from 'react';
import { Trans, useTexts } from '../../../lib/i18n.tsx';
import { useSettings } from '../../../api/get-settings.ts';
import { SpinnerRing } from '../../../components/states.tsx';
import { instructionLines, lineParts, type InstructionLine } from '../lib/instruction-lines.ts';

/**
 * "Where to send the money": the treasurer's instructions (GET /api/settings), one line
 * each, with a copy button beside every account number, then the member's own ID to write in
 * the transfer (their reference, docs/product.md section 4). `compact` is the forms' version.
 */
export function PaymentInstructions({
  compact = false,
  memberId,
}: {
  compact?: boolean;
  /** The member's ID (`unique_id`), the reference of their transfers. */
  memberId?: string | undefined;
}) {
  const i18n = useTexts();
  const settings = useSettings();
  const titleId = useId();
  // Inside a form's modal it sits under the modal's own title.
  const Heading = compact ? 'h3' : 'h2';

  let body;
  if (settings.isPending)
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <SpinnerRing size="size-5" />
        {i18n._('dues.instructions.loading')}
      </p>
    );
  else if (settings.isError)
    body = (
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <p>{i18n._('dues.instructions.loadFailed')}</p>
        <button
          type="button"
          onClick={() => void settings.refetch()}
          className="min-h-11 font-medium text-brand-700 underline underline-offset-2"
        >
          {i18n._('common.retry')}
        </button>
      </div>
    );
  else {
    const lines = instructionLines(settings.data.payment_instructions);
    const writtenIn = settings.data.texts_in.payment_instructions;
    body =
      lines.length === 0 ? (
        <p className="text-sm text-slate-800">{i18n._('dues.instructions.empty')}</p>
      ) : (
        <>
          <ul lang={writtenIn} className="flex flex-col gap-1">
            {lines.map((line, index) => (
              <InstructionItem key={index} line={line} />
            ))}
          </ul>
          {/* The committee wrote none in the member's language: said, not hidden. */}
          {writtenIn !== i18n.language && (
            <p className="text-xs text-slate-600">{i18n._('dues.instructions.inEnglish')}</p>
          )}
        </>
      );
  }

  return (
    <section
      aria-labelledby={titleId}
      className={`flex flex-col gap-2 rounded-xl border border-brand-100 bg-brand-50/60 ${compact ? 'p-3' : 'p-4'}`}
    >
      <Heading
        id={titleId}
        className={`font-bold text-slate-900 ${compact ? 'text-sm' : 'text-base'}`}
      >
        {i18n._('dues.instructions.title')}
      </Heading>
      {body}
      {memberId && <MemberReference id={memberId} />}
    </section>
  );
}

/** The member's ID, which the treasurer finds the transfer by: written in its note. */
function MemberReference({ id }: { id: string }) {
  const i18n = useTexts();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-slate-800">
      <p className="min-w-0 font-medium">
        <Trans
          text={i18n._('dues.instructions.reference', { id })}
          components={{ id: <span dir="ltr" className="font-bold" /> }}
        />
      </p>
      <CopyButton number={id} />
    </div>
  );
}

function InstructionItem({ line }: { line: InstructionLine }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-slate-800">
      {/* An IBAN is one long word: it may break anywhere rather than overflow at 320 px. */}
      {/* The treasurer's words in their own direction; the numbers in them left to right. */}
      <span dir="auto" className="min-w-0 break-words [overflow-wrap:anywhere]">
        {lineParts(line.text).map((part, index) =>
          part.isNumber ? (
            <span key={index} dir="ltr">
              {part.text}
            </span>
          ) : (
            part.text
          ),
        )}
      </span>
      {line.number && <CopyButton number={line.number} />}
    </li>
  );
}

/** Copies the number; says "Copied" for a moment, to sight and to a screen reader. */
function CopyButton({ number }: { number: string }) {
  const i18n = useTexts();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      // Missing outside a secure context: that is a failure too, shown as such.
      await navigator.clipboard.writeText(number);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  const label =
    state === 'copied'
      ? i18n._('dues.instructions.copied')
      : state === 'failed'
        ? i18n._('dues.instructions.copyFailed')
        : i18n._('dues.instructions.copy');
  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        // The visible word first (WCAG 2.5.3), then which number it copies.
        aria-label={`${label} ${number}`}
        className="inline-flex min-h-11 shrink-0 items-center rounded-lg border border-brand-700 bg-white px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {label}
      </button>
      <span aria-live="polite" className="sr-only">
        {state === 'idle' ? '' : label}
      </span>
    </>
  );
}
