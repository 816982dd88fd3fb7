import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ChartAccount } from '@jamiya/contracts/accounts';
import { ACCOUNT_KINDS } from '../lib/account-kinds.ts';
import { useTexts } from '../../../lib/i18n.tsx';
import { LEDGER_TYPES_TEXTS } from '../texts.ts';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { CancelButton, FormModal, ModalActions } from '../../../components/modal.tsx';
import { showFormErrors, toastSuccess } from '../../../lib/messages.ts';
import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useCreateAccount } from '../api/create-account.ts';
import type {
  AccountFormInput,
  AccountFormOutput,
  addAccountForm,
} from '../lib/account-form-schema.ts';
import { useUpdateAccount } from '../api/update-account.ts';

type AccountFormValues = AccountFormInput;

const FIELDS = ['code', 'name_en', 'name_ar', 'kind'] as const;

const addResolver = lazyZodResolver<AccountFormValues, AccountFormOutput>(() =>
  import('../lib/account-form-schema.ts').then((m) => m.addAccountForm),
);
const renameResolver = lazyZodResolver<AccountFormValues, AccountFormOutput>(() =>
  import('../lib/account-form-schema.ts').then((m) => m.renameAccountForm),
);

/**
 * Adds an account (code optional, names in English and Arabic, kind) or, given `account`,
 * renames it. `isOpen` false keeps it closed.
 */
export function AccountDialog({
  isOpen,
  account,
  onClose,
}: {
  isOpen: boolean;
  account?: ChartAccount | undefined;
  onClose: () => void;
}) {
  const i18n = useTexts();
  return (
    <FormModal
      isOpen={isOpen}
      onClose={onClose}
      title={
        account
          ? i18n._('admin-books.chart.renameTitle', { name: account.name })
          : i18n._('admin-books.chart.addTitle')
      }
    >
      {(onInvalid) => <AccountForm account={account} onClose={onClose} onInvalid={onInvalid} />}
    </FormModal>
  );
}

function AccountForm({
  account,
  onClose,
  onInvalid,
}: {
  account: ChartAccount | undefined;
  onClose: () => void;
  onInvalid: () => void;
}) {
  const i18n = useTexts();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const form = useForm<AccountFormValues, unknown, AccountFormOutput>({
    resolver: account ? renameResolver : addResolver,
    defaultValues: {
      code: '',
      name_en: account?.name_en ?? '',
      name_ar: account?.name_ar ?? '',
      kind: '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = account
        ? await update.mutateAsync({ code: account.code, body: values })
        : await create.mutateAsync(values as z.output<typeof addAccountForm>);
      toastSuccess(saved.message);
      onClose();
    } catch (error) {
      showFormErrors(error, form.setError, FIELDS);
      onInvalid();
    }
  }, onInvalid);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field label={i18n._('admin-books.chart.nameEn')} error={errors.name_en?.message}>
        {(a) => (
          <input
            {...a}
            lang="en"
            dir="ltr"
            autoComplete="off"
            className={inputClass}
            {...form.register('name_en')}
          />
        )}
      </Field>
      <Field label={i18n._('admin-books.chart.nameAr')} error={errors.name_ar?.message}>
        {(a) => (
          <input
            {...a}
            lang="ar"
            dir="rtl"
            autoComplete="off"
            className={inputClass}
            {...form.register('name_ar')}
          />
        )}
      </Field>
      {!account && (
        <>
          <Field label={i18n._('admin-books.chart.kind')} error={errors.kind?.message}>
            {(a) => (
              <select {...a} className={inputClass} {...form.register('kind')}>
                <option value="">{i18n._('admin-books.chart.chooseKind')}</option>
                {ACCOUNT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {i18n._(LEDGER_TYPES_TEXTS[kind])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={i18n._('admin-books.chart.code')}
            hint={i18n._('admin-books.chart.codeHint')}
            error={errors.code?.message}
          >
            {(a) => (
              <input
                {...a}
                dir="ltr"
                translate="no"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                className={inputClass}
                {...form.register('code')}
              />
            )}
          </Field>
        </>
      )}
      <ModalActions>
        <CancelButton onClick={onClose} />
        <Button type="submit" isBusy={form.formState.isSubmitting}>
          {account ? i18n._('admin-books.chart.save') : i18n._('admin-books.chart.add')}
        </Button>
      </ModalActions>
    </form>
  );
}
