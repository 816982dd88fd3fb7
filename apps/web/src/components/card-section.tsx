import type { ReactNode } from 'react';
import { card } from './styles.ts';

/**
 * A white panel of a treasurer's page, named by its heading, with a sentence under it
 * (`intro`) when it has one.
 */
export function CardSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="text-lg font-bold text-slate-900">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={`${card} flex flex-col gap-4`}>
      {intro === undefined ? (
        heading
      ) : (
        <div>
          {heading}
          <p className="text-sm text-slate-700">{intro}</p>
        </div>
      )}
      {children}
    </section>
  );
}
