import type { BookYear } from '@jamiya/contracts/year';
import { Button } from '../../../components/button.tsx';
import { useTexts } from '../../../lib/i18n.tsx';
import { toastError } from '../../../lib/messages.ts';
import { useDownloadPack, useDownloadReport } from '../api/book-years.ts';

/** A year's files: the annual report for the AGM (PDF, web page) and the accountant's pack. */
export function YearFiles({ year }: { year: BookYear }) {
  return (
    <>
      <ReportButton year={year} format="pdf" />
      <ReportButton year={year} format="html" />
      <PackButton year={year} />
    </>
  );
}

function ReportButton({ year, format }: { year: BookYear; format: 'pdf' | 'html' }) {
  const i18n = useTexts();
  const download = useDownloadReport();
  const isDraft = year.state !== 'closed';
  const save = () =>
    download.mutate({ year: year.year, isDraft, format }, { onError: (e) => toastError(e) });
  return (
    <Button variant="ghost" isBusy={download.isPending} onClick={save}>
      {format === 'pdf'
        ? i18n._('admin.overview.years.reportPdf', { draft: String(isDraft) })
        : i18n._('admin.overview.years.reportHtml', { draft: String(isDraft) })}
    </Button>
  );
}

/** The accountant's pack of the year: seconds to make at thousands of members, so it says so. */
function PackButton({ year }: { year: BookYear }) {
  const i18n = useTexts();
  const download = useDownloadPack();
  const isDraft = year.state !== 'closed';
  const save = async () => {
    try {
      await download.mutateAsync({ year: year.year, isDraft });
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Button variant="ghost" isBusy={download.isPending} onClick={() => void save()}>
      {download.isPending
        ? i18n._('admin.overview.years.packing')
        : isDraft
          ? i18n._('admin.overview.years.packDraft')
          : i18n._('admin.overview.years.pack')}
    </Button>
  );
}
