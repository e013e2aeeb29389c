import {
  FILE_UPLOAD_CONTENT_TYPE,
  fileUploadProblem,
  type FileExistence,
  type FilePurpose,
  type FileUploadTicket,
} from '@esim/contracts';
import { api, errorFromBody, type ApiMessageRef } from '@esim/platform';

/**
 * Uploads one file in the spec's two steps (docs/files.md), then asks whether it is stored:
 * 1. POST utils/upload-file { purpose, fileName, size, contentType } -> a URL (no notification);
 * 2. PUT the bytes to that URL: Content-Type application/octet-stream, no Authorization header
 *    (the URL is signed: the console's own API, or S3);
 * 3. POST utils/check-exist-file { key }: the server's content check (size, type by content)
 *    has passed when this answers exists: true. An S3 upload is checked here.
 * Resolves with the stored file (its `key` is what a record keeps); rejects with an ApiError (steps
 * one and three, already in the user's language) or a FileUploadError.
 */

/** Why an upload did not end stored. */
export class FileUploadError extends Error {
  constructor(
    /** English text (what the server said, or a generic one). */
    message: string,
    readonly details: {
      /** HTTP status of step two; 0 before any request. */
      status: number;
      /** A validation message key (contracts encodeMessage) of the browser's own check. */
      validation?: string;
      /** The server's message with its key, for the user's language. */
      api?: ApiMessageRef;
    },
  ) {
    super(message);
    this.name = 'FileUploadError';
  }
}

export const FILE_UPLOAD_FAILED = 'File upload failed.';

export interface ByteRequest {
  url: string;
  headers: Record<string, string>;
  body: Blob;
  signal?: AbortSignal | undefined;
  onProgress?: ((loaded: number, total: number) => void) | undefined;
}
/** Sends step two; resolves with the answer whatever its status (network failures reject). */
export type ByteSender = (request: ByteRequest) => Promise<{ status: number; body: string }>;

/** fetch: no upload progress (0, then 100). */
export const fetchSender: ByteSender = async (request) => {
  const response = await fetch(request.url, {
    method: 'PUT',
    headers: request.headers,
    body: request.body,
    credentials: 'omit',
    ...(request.signal ? { signal: request.signal } : {}),
  });
  return { status: response.status, body: await response.text() };
};

/** XMLHttpRequest: reports upload progress. */
export const xhrSender: ByteSender = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: String(xhr.responseText ?? '') });
    xhr.onerror = () => reject(new FileUploadError(FILE_UPLOAD_FAILED, { status: 0 }));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body);
  });

export interface UploadFileOptions {
  purpose: FilePurpose;
  /** 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Default: XMLHttpRequest where there is one (progress), else fetch. */
  send?: ByteSender;
  /** What a relative upload URL is resolved against; default the page's address. */
  baseUrl?: string;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function uploadFile(
  file: Blob & { name: string },
  options: UploadFileOptions,
): Promise<FileExistence> {
  const problem = fileUploadProblem(options.purpose, file);
  if (problem) {
    throw new FileUploadError(FILE_UPLOAD_FAILED, { status: 0, validation: problem });
  }
  const quiet = { notifyError: false, notifySuccess: false, signal: options.signal } as const;
  const ticket = await api.post<FileUploadTicket>(
    'utils/upload-file',
    {
      purpose: options.purpose,
      fileName: file.name,
      size: file.size,
      ...(file.type ? { contentType: file.type } : {}),
    },
    quiet,
  );
  options.onProgress?.(0);
  const base = options.baseUrl ?? globalThis.location?.href;
  const url = base ? new URL(ticket.url, base).toString() : ticket.url;
  const send = options.send ?? (typeof XMLHttpRequest === 'function' ? xhrSender : fetchSender);
  let answer: { status: number; body: string };
  try {
    answer = await send({
      url,
      headers: { 'Content-Type': FILE_UPLOAD_CONTENT_TYPE },
      body: file,
      signal: options.signal,
      onProgress: (loaded, total) =>
        options.onProgress?.(Math.min(99, Math.floor((loaded / Math.max(total, 1)) * 100))),
    });
  } catch (error) {
    if (error instanceof FileUploadError || (error as Error)?.name === 'AbortError') throw error;
    throw new FileUploadError(FILE_UPLOAD_FAILED, { status: 0 });
  }
  if (answer.status < 200 || answer.status >= 300) {
    // The console's API answers its error envelope; S3 answers XML, never shown.
    const sent = errorFromBody(parse(answer.body));
    throw new FileUploadError(sent?.text ?? FILE_UPLOAD_FAILED, {
      status: answer.status,
      ...(sent ? { api: sent } : {}),
    });
  }
  const stored = await api.post<FileExistence>(
    'utils/check-exist-file',
    { key: ticket.key },
    quiet,
  );
  if (!stored.exists) throw new FileUploadError(FILE_UPLOAD_FAILED, { status: answer.status });
  options.onProgress?.(100);
  return stored;
}
