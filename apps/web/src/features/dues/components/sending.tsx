import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { CancelButton, ModalActions } from '../../../components/modal.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';

/** How much of the receipt has gone, while it goes (a slow network takes seconds for 300 KB). */
function UploadProgress({ progress }: { progress: number | null }) {
  const i18n = useTexts();
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  const label = i18n._('dues.form.sending', { percent });
  return (
    <div className="flex flex-col gap-1">
      <progress
        max={100}
        value={percent}
        aria-label={label}
        className="h-2 w-full accent-brand-700"
      />
      <p className="text-sm text-slate-700">{label}</p>
    </div>
  );
}

/**
 * The end of a payment form: what happens without a network, the receipt's progress while it
 * goes, Cancel and the form's submit button (`submitLabel`).
 */
export function SendingActions({
  progress,
  isSubmitting,
  submitLabel,
  onCancel,
}: {
  progress: number | null;
  isSubmitting: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const i18n = useTexts();
  return (
    <>
      {/* Without a network the payment waits on the phone. */}
      <NeedsNetwork>{i18n._('dues.form.offline')}</NeedsNetwork>
      <UploadProgress progress={progress} />
      <ModalActions>
        <CancelButton onClick={onCancel} />
        <Button type="submit" isBusy={isSubmitting}>
          {submitLabel}
        </Button>
      </ModalActions>
    </>
  );
}
