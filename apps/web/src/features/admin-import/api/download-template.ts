import { useMutation } from '@tanstack/react-query';

export type TemplateFormat = 'csv' | 'xlsx';

/**
 * The template to fill in, in the reader's language (the server reads Accept-Language). The
 * saving's code comes with the click: the page's first load stays within its budget.
 */
export const downloadTemplate = async (format: TemplateFormat) => {
  const { downloadFile } = await import('../../../lib/save-file.ts');
  return downloadFile(
    `/api/admin/imports/template?format=${format}`,
    `jamiya-import-template.${format}`,
  );
};

export const useDownloadTemplate = () => useMutation({ mutationFn: downloadTemplate });
