import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import type { z } from 'zod';
import type { UserData } from '@jamiya/contracts/profile';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { LtrInput } from '../../../components/ltr-input.tsx';
import { CancelButton, FormModal, ModalActions } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, toastSuccess, translateMessage } from '../../../lib/messages.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useFieldText } from '../lib/field-text.ts';
import type { editProfileSchema } from '../lib/edit-profile-schema.ts';
import { PHOTO_ACCEPT, photoProblem } from '../lib/photo.ts';
import { NeedsNetwork } from '../../../components/needs-network.tsx';
import { useIsOnline } from '../../../lib/use-is-online.ts';

const resolver = lazyZodResolver(() =>
  import('../lib/edit-profile-schema.ts').then((m) => m.editProfileSchema),
);
type EditProfileInput = z.input<typeof editProfileSchema>;
type EditProfileValues = z.output<typeof editProfileSchema>;

const SERVER_FIELDS = ['name', 'address', 'wallet', 'gender', 'image'] as const;

export function EditProfileModal({
  user,
  isOpen,
  onClose,
}: {
  user: UserData;
  isOpen: boolean;
  onClose: () => void;
}) {
  const i18n = useTexts();
  return (
    <FormModal isOpen={isOpen} onClose={onClose} title={i18n._('profile.edit.title')}>
      {(onInvalid) => <EditProfileForm user={user} onDone={onClose} onInvalid={onInvalid} />}
    </FormModal>
  );
}

/** Mounted each time the modal opens (Modal renders its content only while open), so it starts from the saved profile. */
function EditProfileForm({
  user,
  onDone,
  onInvalid,
}: {
  user: UserData;
  onDone: () => void;
  onInvalid: () => void;
}) {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const fieldText = useFieldText();
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<EditProfileInput, unknown, EditProfileValues>({
    resolver,
    defaultValues: {
      name: user.name,
      address: user.address ?? '',
      wallet: user.wallet ?? '',
      gender: user.gender ?? '',
    },
  });
  const { errors } = form.formState;
  const photo = form.watch('image');
  const preview = usePreviewUrl(photo && !photoProblem(photo) ? photo : undefined);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const res = await update.mutateAsync({
          name: values.name,
          address: values.address,
          wallet: values.wallet,
          gender: values.gender,
          image: values.image,
        });
        toastSuccess(res.message);
        onDone();
      } catch (error) {
        applyServerErrors(error, form.setError, SERVER_FIELDS);
        // The spec's banner; the server's own sentence beside it says what to fix. Errors stay in
        // the modal: a toast would sit under the dialog's backdrop.
        setFailure(
          error instanceof ApiError && error.status > 0 ? translateMessage(error.message) : '',
        );
        onInvalid();
      }
    },
    () => onInvalid(),
  );

  const choosePhoto = (file: File | undefined) => {
    form.setValue('image', file, { shouldValidate: true, shouldDirty: true });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure !== null && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">{i18n._('profile.edit.failed')}</p>
          {failure && <p className="mt-1 text-sm">{failure}</p>}
        </div>
      )}
      <Field label={i18n._('profile.fields.name')} error={fieldText(errors.name?.message)}>
        {(a) => (
          <input
            {...a}
            type="text"
            autoComplete="name"
            className={inputClass}
            {...form.register('name')}
          />
        )}
      </Field>
      <Field label={i18n._('profile.fields.address')} error={fieldText(errors.address?.message)}>
        {(a) => (
          <input
            {...a}
            type="text"
            autoComplete="street-address"
            className={inputClass}
            {...form.register('address')}
          />
        )}
      </Field>
      <Field
        label={i18n._('profile.fields.wallet')}
        hint={i18n._('profile.edit.walletHint')}
        error={fieldText(errors.wallet?.message)}
      >
        {(a) => <LtrInput {...a} type="text" {...form.register('wallet')} />}
      </Field>
      <Field label={i18n._('profile.edit.gender')} error={fieldText(errors.gender?.message)}>
        {(a) => (
          <select {...a} className={inputClass} {...form.register('gender')}>
            <option value="">{i18n._('profile.gender.none')}</option>
            <option value="male">{i18n._('profile.gender.male')}</option>
            <option value="female">{i18n._('profile.gender.female')}</option>
          </select>
        )}
      </Field>
      <Field
        label={i18n._('profile.edit.photo')}
        hint={i18n._('profile.edit.photoHint')}
        error={fieldText(errors.image?.message)}
      >
        {(a) => (
          <>
            {/* The native file input cannot be styled for a narrow phone; a button opens it. */}
            <input
              {...a}
              ref={fileInput}
              type="file"
              accept={PHOTO_ACCEPT}
              tabIndex={-1}
              onChange={(e) => choosePhoto(e.target.files?.[0])}
              className="sr-only"
            />
            <div className="flex items-center gap-3">
              {preview ? (
                <img
                  src={preview}
                  alt={i18n._('profile.edit.preview')}
                  width={64}
                  height={64}
                  className="size-16 shrink-0 rounded-full object-cover"
                />
              ) : (
                <Avatar name={user.name} image={user.image} size={64} />
              )}
              <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
                <Button
                  variant="secondary"
                  aria-describedby={a['aria-describedby']}
                  onClick={() => fileInput.current?.click()}
                >
                  {photo ? i18n._('profile.edit.changePhoto') : i18n._('profile.edit.choosePhoto')}
                </Button>
                {photo && (
                  <Button
                    variant="ghost"
                    className="px-2"
                    onClick={() => {
                      choosePhoto(undefined);
                      if (fileInput.current) fileInput.current.value = '';
                    }}
                  >
                    {i18n._('profile.edit.removePhoto')}
                  </Button>
                )}
                {photo && (
                  <span className="w-full truncate text-sm text-slate-700">{photo.name}</span>
                )}
              </div>
            </div>
          </>
        )}
      </Field>
      <NeedsNetwork />
      <ModalActions>
        <CancelButton onClick={onDone} />
        <Button type="submit" isBusy={form.formState.isSubmitting} disabled={!isOnline}>
          {i18n._('profile.edit.submit')}
        </Button>
      </ModalActions>
    </form>
  );
}

/** An object URL for the chosen photo, released when it changes or the form closes. */
function usePreviewUrl(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
