import type { ReactNode } from 'react';

/**
 * A page that is one form (sign in, join, a password): its heading, then the form or what
 * became of it. `isWide` for a long form.
 */
export function FormPage({
  pageTitle,
  title,
  subtitle,
  isWide = false,
  children,
}: {
  pageTitle?: string;
  title: string;
  subtitle?: string | undefined;
  isWide?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`mx-auto flex w-full flex-col gap-6 px-4 py-10 ${isWide ? 'max-w-xl' : 'max-w-md'}`}
    >
      {pageTitle && <title>{pageTitle}</title>}
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-2 text-slate-700">{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}
