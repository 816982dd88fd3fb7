import { lazyZodResolver } from '../../lib/zod-resolver.ts';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTexts } from '../../lib/i18n.tsx';
import { CHAT_TEXTS, type ChatTexts } from './texts.ts';
import { MESSAGE_MAX_CHARS } from '@jamiya/contracts/values';
import { Button } from '../button.tsx';
import { Field, inputClass } from '../field.tsx';
import { FileInput } from '../file-input.tsx';
import { showFormErrors } from '../../lib/messages.ts';
import {
  messageFieldNames,
  type MessageFormInput,
  type MessageFormOutput,
} from './message-form.ts';
import { NeedsNetwork } from '../needs-network.tsx';
import { useIsOnline } from '../../lib/use-is-online.ts';

const resolver = lazyZodResolver(() =>
  import('./message-form-schema.ts').then((m) => m.messageForm),
);

/**
 * A message and an optional photo or PDF. Enter starts a new line (a message may have several);
 * Send, or Ctrl+Enter, sends it (said where there is a keyboard: not on a touch screen).
 */
export function MessageComposer({
  onSend,
  ns,
}: {
  onSend: (values: MessageFormOutput) => Promise<unknown>;
  /** The feature's i18n namespace, holding the `composer` texts. */
  ns: ChatTexts;
}) {
  const i18n = useTexts();
  const texts = CHAT_TEXTS[ns];
  const isOnline = useIsOnline();
  const fileRef = useRef<HTMLInputElement | null>(null);
  const form = useForm<MessageFormInput, unknown, MessageFormOutput>({
    resolver,
    defaultValues: { body: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const attachment = useWatch({ control: form.control, name: 'attachment' });
  const bodyField = form.register('body');

  const clearAttachment = () => {
    form.setValue('attachment', undefined, { shouldValidate: false });
    form.clearErrors('attachment');
    if (fileRef.current) fileRef.current.value = '';
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSend(values);
      form.reset({ body: '' });
      clearAttachment();
      form.setFocus('body');
    } catch (error) {
      showFormErrors(error, form.setError, messageFieldNames);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={i18n._(texts['composer.label'])}
      className="flex flex-col gap-3 rounded-2xl bg-white p-3 shadow-sm md:p-4"
    >
      <Field
        label={i18n._(texts['composer.message'])}
        hint={
          <>
            {i18n._(texts['composer.hint'])}
            {/* No keyboard shortcut to speak of on a touch screen. */}
            <span className="pointer-coarse:hidden"> {i18n._(texts['composer.keys'])}</span>
          </>
        }
        error={errors.body?.message}
      >
        {(a) => (
          <textarea
            {...a}
            rows={3}
            maxLength={MESSAGE_MAX_CHARS}
            className={`${inputClass} resize-y`}
            {...bodyField}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                void onSubmit();
              }
            }}
          />
        )}
      </Field>
      <Field label={i18n._(texts['composer.attachment'])} error={errors.attachment?.message}>
        {(a) => <FileInput control={form.control} name="attachment" field={a} inputRef={fileRef} />}
      </Field>
      {attachment instanceof File && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span className="min-w-0 break-all">
            {i18n._(texts['composer.attached'], { name: attachment.name })}
          </span>
          <Button variant="ghost" onClick={clearAttachment}>
            {i18n._(texts['composer.removeAttachment'])}
          </Button>
        </div>
      )}
      <NeedsNetwork />
      <div className="flex justify-end">
        <Button
          type="submit"
          isBusy={isSubmitting}
          disabled={!isOnline}
          className="w-full sm:w-auto"
        >
          {i18n._(texts['composer.send'])}
        </Button>
      </div>
    </form>
  );
}
