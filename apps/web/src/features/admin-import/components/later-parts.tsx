import { laterParts } from '../../../components/later-parts.tsx';

// Shown once something has happened (a file checked, an import applied or waiting for a second
// admin): the template and the form, which the treasurer opens the page for, come first. A
// check asks for them again, in case.
export const { preloadLaterParts, LaterPart } = laterParts({
  DryRunResult: () => import('./dry-run-result.tsx').then((m) => ({ default: m.DryRunResult })),
  AppliedPanel: () => import('./applied-panel.tsx').then((m) => ({ default: m.AppliedPanel })),
  InvitationsLeft: () =>
    import('./invitations-left.tsx').then((m) => ({ default: m.InvitationsLeft })),
  WaitingImport: () => import('./waiting-import.tsx').then((m) => ({ default: m.WaitingImport })),
});
