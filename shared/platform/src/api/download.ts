import { requestRaw, type HttpMethod, type RequestOptions } from './api-client';

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

/** A file the API answered: its bytes (typed by the answer's Content-Type) and its name. */
export interface FetchedFile {
  blob: Blob;
  name: string;
}

/**
 * Fetches a file answer of the API (a CSV export, a PDF) with the signed-in user's token, without
 * handing it to the browser: to show it (a PDF preview) or save it (downloadFile). GET unless
 * `method` says otherwise (a preview POSTs what it renders as `json`). The user's time zone goes
 * along (X-Time-Zone) so dates in the file are the ones the screen shows. Errors are thrown (and
 * shown unless notifyError is false) like any API error.
 */
export async function fetchFile(
  path: string,
  fallbackName: string,
  options: RequestOptions & { method?: HttpMethod } = {},
): Promise<FetchedFile> {
  const { method = 'GET', ...rest } = options;
  const response = await requestRaw(method, path, {
    ...rest,
    headers: { 'x-time-zone': browserTimeZone(), ...rest.headers },
  });
  return {
    blob: await response.blob(),
    name: fileNameFrom(response.headers.get('content-disposition'), fallbackName),
  };
}

/**
 * Downloads a file answer of the API (CSV exports, PDFs) with the signed-in user's token and
 * hands it to the browser as a download (see fetchFile). Errors are shown like any API error.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<string> {
  const { blob, name } = await fetchFile(path, fallbackName, options);
  const url = URL.createObjectURL(blob);
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
