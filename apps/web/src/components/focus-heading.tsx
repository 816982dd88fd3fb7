import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of what an action answered (a check, an apply): it takes the focus when it
 * appears, so that a keyboard or screen reader user is brought to the answer.
 */
export function FocusHeading({
  id,
  children,
  className = '',
}: {
  id: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <h2
      ref={ref}
      id={id}
      tabIndex={-1}
      className={`text-lg font-bold text-slate-900 focus:outline-none ${className}`}
    >
      {children}
    </h2>
  );
}
