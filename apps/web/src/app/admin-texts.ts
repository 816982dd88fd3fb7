import type { Messages } from '@lingui/core';

// The treasurer's namespaces' texts (English and Arabic), apart from the members': their table
// is asked for by the treasurer's pages only, so that it never counts in a member's first
// session (200 KB, decision 033). Named from src/, as texts.ts names the rest.
export const adminFiles = import.meta.glob<{ default: Messages }>(
  './features/admin*/locales/*.json',
  { base: '../' },
);
