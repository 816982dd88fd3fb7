import { useMutation } from '@tanstack/react-query';
import { fetchFileBlob } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-file.ts';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
};

/**
 * The receipt of an entry made by hand, fetched with the session and saved, never opened in a
 * tab: a blob: URL would show it in the app's origin, without the sandbox /api/files gives it.
 */
export async function downloadEvidence({ url, entryId }: { url: string; entryId: number }) {
  const blob = await fetchFileBlob(url);
  const extension = EXTENSIONS[blob.type] ?? 'bin';
  saveBlob(blob, `entry-${entryId}-evidence.${extension}`);
}

export const useDownloadEvidence = () => useMutation({ mutationFn: downloadEvidence });
