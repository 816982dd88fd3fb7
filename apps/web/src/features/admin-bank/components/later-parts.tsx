import { laterParts } from '../../../components/later-parts.tsx';

// Shown once there is something to show: a statement's matches and the books against the bank,
// a CSV's columns, what an import answered. The form and the list of statements, which the
// treasurer opens the page for, come first.
export const { preloadLaterParts, LaterPart } = laterParts({
  StatementDetail: () =>
    import('./statement-detail.tsx').then((m) => ({ default: m.StatementDetail })),
  ColumnMapping: () => import('./column-mapping.tsx').then((m) => ({ default: m.ColumnMapping })),
  ImportOutcome: () => import('./import-outcome.tsx').then((m) => ({ default: m.ImportOutcome })),
});
