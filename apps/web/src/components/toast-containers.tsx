import 'react-toastify/dist/ReactToastify.css';
import { ToastContainer } from 'react-toastify';
import { MODAL_TOASTS } from '../lib/toast-ids.ts';

// The toast library and its stylesheet come after the page has painted, not with it: nothing
// a page shows first needs them (lib/toast-containers-loader.ts, docs/boot.md).

/** The page's toasts, top right; success toasts close after 1 s (docs/product.md 10.8). */
export function PageToasts() {
  return <ToastContainer position="top-right" autoClose={1000} newestOnTop theme="light" />;
}

/**
 * An open <dialog> sits above the page's toasts: it shows its own, under its title
 * (components/modal.tsx; `.modal-toasts` in styles.css puts them in the flow).
 */
export function ModalToasts() {
  return (
    <ToastContainer
      containerId={MODAL_TOASTS}
      position="top-center"
      className="modal-toasts"
      newestOnTop
      theme="light"
    />
  );
}
