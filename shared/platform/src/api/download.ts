import { requestRaw, type RequestOptions } from './api-client';

/** The file name a Content-Disposition header gives, else the fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/** The browser's IANA time zone: exports write times as this user sees them on screen. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Downloads a file answer of the API (CSV exports, PDFs) with the signed-in user's token and
 * hands it to the browser as a download. The user's time zone goes along (X-Time-Zone) so dates
 * in the file are the ones the screen shows. Errors are shown like any API error.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<string> {
  const response = await requestRaw('GET', path, {
    ...options,
    headers: { 'x-time-zone': browserTimeZone(), ...options.headers },
  });
  const name = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}
