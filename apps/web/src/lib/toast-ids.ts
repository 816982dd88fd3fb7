// Apart from the containers (components/toast-containers.tsx) and from what shows a toast
// (lib/messages.ts), which both name it, so neither imports the other.

/** The id of the toast container inside an open modal (see components/modal.tsx). */
export const MODAL_TOASTS = 'modal';
