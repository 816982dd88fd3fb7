// The settings' terms and payment instructions in each of the members' other languages.
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  directionOf,
  LANGUAGE_NAMES,
  TRANSLATED_LANGUAGES,
  type Language,
} from '@jamiya/contracts/languages';
import { useTexts } from '../../../lib/i18n.tsx';
import { SETTINGS_LANGUAGES_TEXTS } from '../texts.ts';
import { Field, inputClass } from '../../../components/field.tsx';
import type { SettingsForm } from '../lib/settings-form.ts';
import { CardSection } from '../../../components/card-section.tsx';

/**
 * The terms and the payment instructions in each of the members' other languages: a member reads
 * their own language's, or the English above where the box is empty (and is told so).
 */
export function TextsInLanguages({ form }: { form: SettingsForm }) {
  const i18n = useTexts();
  const [language, setLanguage] = useState<Exclude<Language, 'en'>>('ar');
  const written = useWatch({ control: form.control, name: 'translations' });
  const errors = form.formState.errors.translations?.[language];
  const status = (l: Exclude<Language, 'en'>) => {
    const texts = written?.[l];
    const count = [texts?.terms_text, texts?.payment_instructions].filter((x) => x?.trim()).length;
    return i18n._('admin-books.settings.languages.status', { count });
  };
  // A language's name in another script, isolated from the sentence around it (FSI ... PDI).
  const named = (l: Exclude<Language, 'en'>) => `\u2068${LANGUAGE_NAMES[l]}\u2069`;
  const box = (field: 'terms_text' | 'payment_instructions', rows: number) => (
    <Field
      key={`${language}.${field}`}
      label={i18n._(SETTINGS_LANGUAGES_TEXTS[field === 'terms_text' ? 'terms' : 'instructions']!, {
        language: named(language),
      })}
      hint={i18n._('admin-books.settings.languages.emptyHint')}
      error={errors?.[field]?.message}
    >
      {(a) => (
        <textarea
          {...a}
          rows={rows}
          lang={language}
          dir={directionOf(language)}
          className={`${inputClass} ${field === 'payment_instructions' ? 'text-sm' : ''}`}
          {...form.register(`translations.${language}.${field}`)}
        />
      )}
    </Field>
  );
  return (
    <CardSection id="settings-languages" title={i18n._('admin-books.settings.languages.title')}>
      <p className="text-sm text-slate-700">{i18n._('admin-books.settings.languages.intro')}</p>
      <Field label={i18n._('admin-books.settings.languages.choose')}>
        {(a) => (
          <select
            {...a}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Exclude<Language, 'en'>)}
            className={inputClass}
          >
            {TRANSLATED_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {`${named(l)} · ${status(l)}`}
              </option>
            ))}
          </select>
        )}
      </Field>
      {box('terms_text', 6)}
      {box('payment_instructions', 5)}
    </CardSection>
  );
}
