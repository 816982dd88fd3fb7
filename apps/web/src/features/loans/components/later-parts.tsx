import { laterParts } from '../../../components/later-parts.tsx';

// Shown once there is something to show: the guarantors, asked for only when the amount chosen
// is above the free savings. The form, which the member opens the page for, comes first.
export const { preloadLaterParts, LaterPart } = laterParts({
  GuarantorsSection: () =>
    import('./guarantors-section.tsx').then((m) => ({ default: m.GuarantorsSection })),
});
