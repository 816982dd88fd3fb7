import type { ComponentType } from 'react';
import type { LayoutProps } from './pages.ts';

// The treasurer's pages, layout and guard (features/admin*), as pages.ts has the others': loaded
// with the first of them (app.tsx), so that each page of the treasurer's area costs a member
// no byte.
export const files = import.meta.glob<Record<string, ComponentType<LayoutProps>>>([
  '../features/admin*/components/*-page.tsx',
  '../features/admin*/components/*-layout.tsx',
  '../features/admin*/components/require-*.tsx',
  '!../features/*/components/*.test.tsx',
]);
