import { PRIVACY_EXPORT_PATHS } from '@veridocs/shared';
import { request } from '../../lib/api-client';
import { config } from '../../lib/config';

const url = `${config.services.webWallet}${PRIVACY_EXPORT_PATHS.export}`;
/** The archive is built while it downloads: a large one on a slow line gets its time. */
const EXPORT_TIMEOUT_MS = 30 * 60_000;

/** The archive's name on the candidate's device (the server's, for the day in UTC). */
export const exportFileName = (at: Date): string => `veridocs-data-${at.toISOString().slice(0, 10)}.zip`;

/**
 * Downloads the candidate's archive with the session (a bare link carries no bearer) and hands it to
 * the browser to save. Rejects with the ApiError; the page shows it (no snackbar).
 */
export async function downloadExport(signal?: AbortSignal): Promise<void> {
  const response = await request('get', url, undefined, {
    responseType: 'blob',
    noSnackbar: true,
    timeout: EXPORT_TIMEOUT_MS,
    signal,
  });
  const blob = response.body as Blob;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = exportFileName(new Date());
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the bytes by then; the page does not keep the archive in memory.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
