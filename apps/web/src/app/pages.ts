import type { ComponentType, ReactNode } from 'react';

/** What a layout module takes: the next one inside it, and what a guard shows to whom it refuses. */
export type LayoutProps = { children?: ReactNode; fallback?: ReactNode };

// Every lazily loaded page, layout, guard and part of the route table, each a chunk of its own.
// In a module of their own, loaded with the first page that needs one (app.tsx): the table of
// their chunks and what each imports (1.5 KB) stays out of the landing page's first load. The
// treasurer's are in a table of their own (admin-pages.ts): a member's phone never loads it.
export const files = import.meta.glob<Record<string, ComponentType<LayoutProps>>>([
  '../features/*/components/*-page.tsx',
  '../features/*/components/*-layout.tsx',
  '../features/*/components/require-*.tsx',
  // The parts pages show of another feature's (routes.ts `parts`).
  '../features/recharge/components/mobile-recharge-form.tsx',
  '!../features/*/components/*.test.tsx',
  '!../features/admin*/**',
  '!../features/landing/**',
  '!../features/layout/components/public-layout.tsx',
]);
