import { request } from './api-client';

/**
 * Where a CSV import is sent and how the endpoint takes the file:
 * - 'file': the file's bytes as a text/csv body; dryRun, the file name and `fields` in the query
 *   (stock/csv).
 * - 'text': a JSON body { ...fields, csv: <the file's text>, dryRun } (tariff/import,
 *   exchange-rate/import; contracts csvImportSchema).
 */
export interface CsvUploadTarget {
  path: string;
  sendAs: 'file' | 'text';
  /** Query parameters ('file') or JSON fields ('text') besides the file and dryRun. */
  fields?: Record<string, string | number | boolean>;
  /** 'file' only: the query parameter that carries the file name (default fileName). */
  fileNameParam?: string;
  /** Milliseconds; default the client's 60 s. */
  timeout?: number;
  /** Show the API's success message once applied (default false: the screen says it). */
  notifyApplied?: boolean;
}

/** Sends one file for a dry run (true) or to apply it (false); resolves with the API's data. */
export type CsvSend<Result> = (
  file: File,
  dryRun: boolean,
  signal?: AbortSignal,
) => Promise<Result>;

/**
 * The one way a CSV file is uploaded: through the platform client (token, timeout, sign-out on
 * 401, errors translated from their key). Failures are not toasted: the import screen shows them
 * where the file was chosen.
 */
export function csvUploader<Result>(target: CsvUploadTarget): CsvSend<Result> {
  return async (file, dryRun, signal) => {
    const common = {
      ...(signal ? { signal } : {}),
      ...(target.timeout ? { timeout: target.timeout } : {}),
      notifyError: false,
      notifySuccess: !dryRun && target.notifyApplied === true,
    };
    if (target.sendAs === 'file') {
      const { data } = await request<Result>('POST', target.path, {
        ...common,
        searchParams: {
          ...target.fields,
          [target.fileNameParam ?? 'fileName']: file.name,
          dryRun: String(dryRun),
        },
        body: file,
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      });
      return data;
    }
    const { data } = await request<Result>('POST', target.path, {
      ...common,
      json: { ...target.fields, csv: await file.text(), dryRun },
    });
    return data;
  };
}
