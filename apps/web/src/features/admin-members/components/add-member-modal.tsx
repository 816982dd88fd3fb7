import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { addMemberSchema } from '../lib/add-member-schema.ts';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { LtrInput } from '../../../components/ltr-input.tsx';
import { CancelButton, Modal, ModalActions } from '../../../components/modal.tsx';
import { showFormErrors } from '../../../lib/messages.ts';
import { useCreateMember, type MemberCreated } from '../api/create-member.ts';
import { tableLink } from '../../../components/styles.ts';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../lib/languages.ts';
import { PasswordLinkPanel } from './password-link-panel.tsx';

const resolver = lazyZodResolver(() =>
  import('../lib/add-member-schema.ts').then((m) => m.addMemberSchema),
);

type AddMemberSchema = typeof addMemberSchema;
type AddMemberInput = z.input<AddMemberSchema>;
type AddMemberValues = z.output<AddMemberSchema>;

const FIELDS = [
  'name',
  'email',
  'mobile',
  'national_id',
  'address',
  'joined_on',
  'language',
] as const;
const EMPTY: Required<AddMemberInput> = {
  name: '',
  email: '',
  mobile: '',
  national_id: '',
  address: '',
  joined_on: '',
  language: 'en',
};

/**
 * Adds a member. The answer holds a one-time link to set a password; it is shown here once
 * and forgotten when the modal closes.
 */
export function AddMemberModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const i18n = useTexts();
  const [created, setCreated] = useState<MemberCreated | null>(null);
  const [shakeSignal, setShakeSignal] = useState(0);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={created ? i18n._('admin-members.add.doneTitle') : i18n._('admin-members.add.title')}
      shakeSignal={shakeSignal}
    >
      {created ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-800">
            {i18n._('admin-members.add.done', {
              name: created.member.name,
              id: created.member.unique_id,
            })}
          </p>
          <PasswordLinkPanel
            handover={created.handover}
            emailed={created.emailed}
            email={created.member.email}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
            <Link to={`/admin/members/${created.member.id}`} className={tableLink}>
              {i18n._('admin-members.add.openMember')}
            </Link>
            <Button onClick={close}>{i18n._('admin-members.add.finish')}</Button>
          </div>
        </div>
      ) : (
        <AddMemberForm
          onCreated={setCreated}
          onCancel={close}
          onInvalid={() => setShakeSignal((n) => n + 1)}
        />
      )}
    </Modal>
  );
}

function AddMemberForm({
  onCreated,
  onCancel,
  onInvalid,
}: {
  onCreated: (created: MemberCreated) => void;
  onCancel: () => void;
  onInvalid: () => void;
}) {
  const i18n = useTexts();
  const create = useCreateMember();
  const form = useForm<AddMemberInput, unknown, AddMemberValues>({
    resolver,
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      showFormErrors(error, form.setError, FIELDS);
      onInvalid();
    }
  }, onInvalid);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{i18n._('admin-members.add.intro')}</p>
      <Field label={i18n._('admin-members.fields.name')} error={errors.name?.message}>
        {(a) => (
          <input {...a} autoComplete="off" className={inputClass} {...form.register('name')} />
        )}
      </Field>
      <Field label={i18n._('admin-members.fields.email')} error={errors.email?.message}>
        {(a) => (
          <input
            {...a}
            type="email"
            inputMode="email"
            autoComplete="off"
            dir="ltr"
            className={inputClass}
            {...form.register('email')}
          />
        )}
      </Field>
      <Field label={i18n._('admin-members.fields.mobile')} error={errors.mobile?.message}>
        {(a) => (
          <input
            {...a}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            dir="ltr"
            className={inputClass}
            {...form.register('mobile')}
          />
        )}
      </Field>
      <Field
        label={i18n._('admin-members.fields.nationalIdOptional')}
        error={errors.national_id?.message}
      >
        {(a) => <LtrInput {...a} {...form.register('national_id')} />}
      </Field>
      <Field label={i18n._('admin-members.fields.addressOptional')} error={errors.address?.message}>
        {(a) => <textarea {...a} rows={2} className={inputClass} {...form.register('address')} />}
      </Field>
      <Field
        label={i18n._('admin-members.fields.joinedOnOptional')}
        hint={i18n._('admin-members.add.joinedOnHint')}
        error={errors.joined_on?.message}
      >
        {(a) => <input {...a} type="date" className={inputClass} {...form.register('joined_on')} />}
      </Field>
      <Field
        label={i18n._('admin-members.fields.language')}
        hint={i18n._('admin-members.add.languageHint')}
        error={errors.language?.message}
      >
        {(a) => (
          <select {...a} className={inputClass} {...form.register('language')}>
            {LANGUAGES.map((language) => (
              // Each language in its own script, as the member reads it.
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ModalActions>
        <CancelButton onClick={onCancel} />
        <Button type="submit" isBusy={form.formState.isSubmitting}>
          {i18n._('admin-members.add.submit')}
        </Button>
      </ModalActions>
    </form>
  );
}
