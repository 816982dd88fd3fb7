import 'react-toastify/dist/ReactToastify.css';
import { ToastContainer } from 'react-toastify';
import { MODAL_TOASTS } from '../lib/toast-ids.ts';
import { useTexts } from '../lib/i18n.tsx';

// The toast library and its stylesheet come after the page has painted, not with it: nothing
// a page shows first needs them (lib/toast-containers-loader.ts, docs/boot.md).

/**
 * Right to left (Arabic, Urdu) the toasts mirror: text, close button and side of the screen.
 * The containers' name says the key that moves the focus to them (the library's Alt+T).
 */
function useContainer() {
  const i18n = useTexts();
  return { isRtl: i18n.dir() === 'rtl', label: i18n._('common.toasts') };
}

/**
 * The page's toasts, top right (top left right to left); success toasts close after 1 s
 * (docs/product.md 10.8).
 */
export function PageToasts() {
  const { isRtl, label } = useContainer();
  return (
    <ToastContainer
      aria-label={label}
      position={isRtl ? 'top-left' : 'top-right'}
      rtl={isRtl}
      autoClose={1000}
      newestOnTop
      theme="light"
    />
  );
}

/**
 * An open <dialog> sits above the page's toasts: it shows its own, under its title
 * (components/modal.tsx; `.modal-toasts` in styles.css puts them in the flow).
 */
export function ModalToasts() {
  const { isRtl, label } = useContainer();
  return (
    <ToastContainer
      aria-label={label}
      containerId={MODAL_TOASTS}
      position="top-center"
      rtl={isRtl}
      className="modal-toasts"
      newestOnTop
      theme="light"
    />
  );
}
