import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { useTexts } from '../lib/i18n.tsx';
import { Button } from './button.tsx';
import { loadToastContainers, useToastContainers } from '../lib/toast-containers-loader.ts';

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside), Escape closes it, and focus returns where it was. `shakeSignal` shakes it for
 * 1 s whenever it changes (an invalid submit, docs/product.md 10.4).
 */
interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  shakeSignal?: number;
}

export function Modal({ isOpen, onClose, title, children, shakeSignal = 0 }: ModalProps) {
  const i18n = useTexts();
  const ref = useRef<HTMLDialogElement>(null);
  const [isShaking, setShaking] = useState(false);
  // Its own toast container (above the page's): here before anything in it can fail.
  const toasts = useToastContainers();
  useEffect(() => {
    if (isOpen) void loadToastContainers();
  }, [isOpen]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  useEffect(() => {
    if (!shakeSignal) return;
    setShaking(true);
    const timer = setTimeout(() => setShaking(false), 1000);
    return () => clearTimeout(timer);
  }, [shakeSignal]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="modal-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50 ${isShaking ? 'animate-shake' : ''}`}
    >
      {isOpen && (
        <div className="flex max-h-[90dvh] flex-col">
          <div className="flex shrink-0 items-center justify-between border-b border-slate-200 px-5 py-3">
            <h2 id="modal-title" className="text-lg font-bold text-slate-900">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="grid size-11 place-items-center rounded-full text-2xl text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
              aria-label={i18n._('common.close')}
            >
              <span aria-hidden>×</span>
            </button>
          </div>
          {/* Under the title, in the flow: a toast never covers the title, Close or the buttons. */}
          {toasts && <toasts.ModalToasts />}
          {/* relative: the hidden camera input (file-input.tsx) stays inside, not scrolling the dialog. */}
          <div className="relative min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}

/**
 * A modal's buttons: they stay at the bottom of its box while its body scrolls, so a long
 * form (a receipt's preview, a phone held sideways) never hides Send and Cancel. In a row from
 * `sm`, unless `isStacked` (three choices, whose words do not fit side by side).
 */
export function ModalActions({
  children,
  isStacked = false,
}: {
  children: ReactNode;
  isStacked?: boolean;
}) {
  return (
    <div
      className={`sticky -bottom-4 -mx-5 -mb-4 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-5 py-3 ${isStacked ? '' : 'sm:flex-row sm:justify-end'}`}
    >
      {children}
    </div>
  );
}

/**
 * A modal around a form that shakes it when the form is sent with a mistake: `children` gets
 * the form's `onInvalid`.
 */
export function FormModal({
  children,
  ...modal
}: Omit<ModalProps, 'children' | 'shakeSignal'> & {
  children: (onInvalid: () => void) => ReactNode;
}) {
  const [shakeSignal, setShakeSignal] = useState(0);
  return (
    <Modal {...modal} shakeSignal={shakeSignal}>
      {children(() => setShakeSignal((n) => n + 1))}
    </Modal>
  );
}

/** A modal's Cancel, the first of its actions. */
export function CancelButton(props: Omit<ComponentProps<typeof Button>, 'variant' | 'children'>) {
  const i18n = useTexts();
  return (
    <Button variant="secondary" {...props}>
      {i18n._('common.cancel')}
    </Button>
  );
}
