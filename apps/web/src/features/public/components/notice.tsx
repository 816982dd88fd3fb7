import { useId, type ReactNode, type Ref } from 'react';

/** A panel that tells a visitor plainly what this page can and cannot do yet. */
export function Notice({
  title,
  children,
  isResult = false,
  ref,
}: {
  title: string;
  children: ReactNode;
  isResult?: boolean;
  ref?: Ref<HTMLDivElement>;
}) {
  const titleId = useId();
  return (
    <div
      ref={ref}
      // The result is announced and takes the focus, so no one misses that nothing was sent.
      role={isResult ? 'alert' : 'note'}
      aria-labelledby={titleId}
      tabIndex={isResult ? -1 : undefined}
      className={`flex gap-3 rounded-xl border p-4 focus:outline-2 focus:outline-offset-2 focus:outline-amber-700 ${
        isResult
          ? 'border-amber-500 bg-amber-50 text-amber-950'
          : 'border-sky-200 bg-sky-50 text-sky-950'
      }`}
    >
      <svg
        viewBox="0 0 24 24"
        width={24}
        height={24}
        aria-hidden
        className="mt-0.5 size-6 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
      >
        <circle cx={12} cy={12} r={10} />
        {isResult ? <path d="M12 7v6M12 16.5v.5" /> : <path d="M12 11v6M12 7.5V7" />}
      </svg>
      <div className="flex min-w-0 flex-col gap-1">
        <p id={titleId} className="font-bold">
          {title}
        </p>
        <div className="flex flex-col gap-2 text-sm">{children}</div>
      </div>
    </div>
  );
}
