import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { card } from '../../../components/styles.ts';
import { toastError } from '../../../lib/messages.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { useDownloadTemplate, type TemplateFormat } from '../api/download-template.ts';
import { FORMAT_TEXTS } from '../texts.ts';

const FORMATS: TemplateFormat[] = ['xlsx', 'csv'];

/** The template, as an Excel workbook or a CSV, with what to write in it. */
export function TemplateCard() {
  const i18n = useTexts();
  const isOnline = useIsOnline();
  const download = useDownloadTemplate();
  return (
    <section aria-labelledby="import-template" className={`${card} flex flex-col gap-3`}>
      <div>
        <h2 id="import-template" className="text-lg font-bold text-slate-900">
          {i18n._('admin-import.template.title')}
        </h2>
        <p className="text-sm text-slate-700">{i18n._('admin-import.template.intro')}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {FORMATS.map((format) => (
          <Button
            key={format}
            variant="secondary"
            className="disabled:opacity-50"
            disabled={!isOnline}
            isBusy={download.isPending && download.variables === format}
            onClick={() => download.mutate(format, { onError: toastError })}
          >
            {i18n._(FORMAT_TEXTS[format])}
          </Button>
        ))}
      </div>
    </section>
  );
}
