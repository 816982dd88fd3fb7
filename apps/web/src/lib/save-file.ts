import { fetchFileBlob } from './api-client.ts';

/**
 * Downloads a file the API serves behind the bearer token: a plain link cannot send the
 * header, so the file is fetched as a blob and saved through a temporary object URL.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  saveBlob(await fetchFileBlob(path), fileName);
}

/** Saves a blob made or fetched here as a file, through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download at once; freeing the URL later lets slow browsers read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
