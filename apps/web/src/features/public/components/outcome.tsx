import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * What became of a form the visitor sent: it takes the place of the form, so it takes the
 * focus too (`isFocused`), else a screen reader would be left on a button that is gone.
 */
export function Outcome({
  tone,
  title,
  children,
  isFocused = true,
}: {
  tone: 'success' | 'problem';
  title: string;
  children: ReactNode;
  isFocused?: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (isFocused) ref.current?.focus();
  }, [isFocused]);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      role={tone === 'success' ? 'status' : 'alert'}
      aria-labelledby={titleId}
      className={`flex gap-3 rounded-2xl border bg-white p-6 shadow-sm focus:outline-2 focus:outline-offset-2 focus:outline-brand-700 ${
        tone === 'success' ? 'border-brand-600' : 'border-amber-500'
      }`}
    >
      <svg
        viewBox="0 0 24 24"
        width={28}
        height={28}
        aria-hidden
        className={`mt-0.5 size-7 shrink-0 ${tone === 'success' ? 'text-brand-700' : 'text-amber-700'}`}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx={12} cy={12} r={10} />
        {tone === 'success' ? <path d="m7.5 12.5 3 3 6-6.5" /> : <path d="M12 7v6M12 16.5v.5" />}
      </svg>
      <div className="flex min-w-0 flex-col gap-3 text-slate-700">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
