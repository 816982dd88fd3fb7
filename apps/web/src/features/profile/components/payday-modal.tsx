import { useState, type FormEvent } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { FormProblem } from '../../../components/form-problem.tsx';
import { CancelButton, FormModal, ModalActions } from '../../../components/modal.tsx';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toastSuccess, translateMessage } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { useSavePayday } from '../api/save-payday.ts';
import { DAYS_OF_MONTH, paydayText } from '../lib/payday-text.ts';

/**
 * The member's payday, chosen on its own (issue 50): the profile editor asks for a wallet, which
 * a payday has nothing to do with.
 */
export function PaydayModal({
  payday,
  dueDay,
  isOpen,
  onClose,
}: {
  payday: number | null;
  /** The association's due day (settings), once the settings have come. */
  dueDay: number | undefined;
  isOpen: boolean;
  onClose: () => void;
}) {
  const i18n = useTexts();
  return (
    <FormModal isOpen={isOpen} onClose={onClose} title={i18n._('profile.payday.title')}>
      {(onInvalid) => (
        <PaydayForm payday={payday} dueDay={dueDay} onDone={onClose} onInvalid={onInvalid} />
      )}
    </FormModal>
  );
}

function PaydayForm({
  payday,
  dueDay,
  onDone,
  onInvalid,
}: {
  payday: number | null;
  dueDay: number | undefined;
  onDone: () => void;
  onInvalid: () => void;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const save = useSavePayday();
  const [day, setDay] = useState(payday?.toString() ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setFieldError(undefined);
    try {
      const res = await save.mutateAsync(day === '' ? null : Number(day));
      toastSuccess(res.message);
      onDone();
    } catch (error) {
      const onDay = error instanceof ApiError ? error.errors.payday?.[0] : undefined;
      setFieldError(onDay ? translateMessage(onDay) : undefined);
      setFailure(
        error instanceof ApiError && error.status > 0
          ? translateMessage(error.message)
          : i18n._('profile.payday.failed'),
      );
      onInvalid();
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormProblem message={failure} className="font-medium" />
      <Field
        label={i18n._('profile.fields.payday')}
        hint={i18n._('profile.payday.hint')}
        error={fieldError}
      >
        {(a) => (
          <select
            {...a}
            className={inputClass}
            value={day}
            onChange={(event) => setDay(event.target.value)}
          >
            <option value="">{paydayText(i18n, null, dueDay)}</option>
            {DAYS_OF_MONTH.map((d) => (
              <option key={d} value={String(d)}>
                {paydayText(i18n, d, dueDay)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <NeedsNetwork />
      <ModalActions>
        <CancelButton onClick={onDone} />
        <Button type="submit" isBusy={save.isPending} disabled={!isOnline}>
          {i18n._('profile.payday.submit')}
        </Button>
      </ModalActions>
    </form>
  );
}
