import ky, { HTTPError, type KyInstance } from 'ky';
import type { ApiSuccess } from '@esim/contracts';
import { HTTP_TIMEOUT_MS } from '@esim/utils';
import { getIdToken } from '../auth/auth-session';
import { getRuntimeConfig } from '../runtime-config';
import { emitForbidden, emitUnauthorized } from '../session/session-events';
import { ApiError, DEFAULT_ERROR_MESSAGE, errorFromBody } from './api-error';
import type { ApiMessageRef } from './api-message-translator';

/**
 * The management API client (spec section 7): bearer ID token, JSON, 60 s timeout; the API's
 * success `message` is shown after POST/PUT/DELETE; failures are shown (errors[0].message, else
 * errorMessage, else the translated default) and rethrown as ApiError. Messages are shown in the
 * user's language, translated from the key the API sends beside each text (messageKey, key,
 * errorMessageKey; docs/decisions/0007). The notifier is injected
 * (configureApiClient) so this package stays free of UI code.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Notifier {
  success(text: string): void;
  error(text: string): void;
}

export interface ApiClientConfig {
  /** Shows success/error notifications (the host passes @esim/ui's toast). */
  notify?: Notifier;
  /** Translated 'Something went wrong. Please try again.' in the current language. */
  translateDefault?: () => string;
  /**
   * An API message (English text + key + params) in the current language; the host passes the
   * one loadApiMessageTranslator gives once the signed-in shell has its namespaces.
   * Default: the English text.
   */
  translateMessage?: (message: ApiMessageRef) => string;
  /** Base URL; defaults to the runtime config's apiBaseUrl. */
  prefixUrl?: string;
  /** Bearer token source; defaults to the Amplify session's ID token. */
  getToken?: () => Promise<string | undefined>;
}

export type SearchParams =
  Record<string, string | number | boolean | null | undefined> | URLSearchParams;

export interface RequestOptions {
  searchParams?: SearchParams;
  /** JSON body (POST/PUT/DELETE). */
  json?: unknown;
  /** A raw body instead (a file, with its content-type in headers). */
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Show the error notification on failure (default true; a GET may pass false). */
  notifyError?: boolean;
  /** Show the API's success message after POST/PUT/DELETE (default true). */
  notifySuccess?: boolean;
  /** Milliseconds; default 60000. */
  timeout?: number;
  /** Let the request outlive the page (a last report sent on pagehide); small bodies only. */
  keepalive?: boolean;
}

const silentNotifier: Notifier = { success: () => undefined, error: () => undefined };

let settings: Required<Omit<ApiClientConfig, 'prefixUrl'>> & { prefixUrl?: string } = {
  notify: silentNotifier,
  translateDefault: () => DEFAULT_ERROR_MESSAGE,
  translateMessage: (message) => message.text,
  getToken: getIdToken,
};
let client: { prefixUrl: string; instance: KyInstance } | undefined;

/** Sets the notifier, default-message translator, base URL or token source. */
export function configureApiClient(config: ApiClientConfig): void {
  settings = { ...settings, ...config };
  client = undefined;
}

function kyInstance(): KyInstance {
  const prefixUrl = settings.prefixUrl ?? getRuntimeConfig().apiBaseUrl;
  if (client?.prefixUrl !== prefixUrl) {
    client = {
      prefixUrl,
      instance: ky.create({
        prefixUrl,
        timeout: HTTP_TIMEOUT_MS,
        retry: 0,
        throwHttpErrors: true,
        headers: { Accept: 'application/json' },
        hooks: {
          beforeRequest: [
            async (request) => {
              const token = await settings.getToken();
              if (token) request.headers.set('Authorization', `Bearer ${token}`);
            },
          ],
        },
      }),
    };
  }
  return client.instance;
}

function toSearchParams(params: SearchParams | undefined): URLSearchParams | undefined {
  if (!params) return undefined;
  if (params instanceof URLSearchParams) return params;
  const result = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) result.append(key, String(value));
  }
  return result;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** The current translator (read on each call, so a later configureApiClient applies). */
function translate(message: ApiMessageRef): string {
  try {
    return settings.translateMessage(message);
  } catch {
    return message.text;
  }
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const body = await readBody(error.response.clone()).catch(() => undefined);
    const sent = errorFromBody(body);
    const message = sent === undefined ? settings.translateDefault() : translate(sent);
    return new ApiError(message, error.response.status, body, { cause: error, translate });
  }
  return new ApiError(settings.translateDefault(), 0, undefined, { cause: error });
}

function stripSlash(path: string): string {
  return path.replace(/^\/+/, '');
}

/**
 * Sends a request and returns the raw Response (for files). Errors are handled like request().
 */
export async function requestRaw(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<Response> {
  try {
    return await kyInstance()(stripSlash(path), {
      method,
      searchParams: toSearchParams(options.searchParams),
      json: options.json,
      body: options.body,
      headers: options.headers,
      signal: options.signal,
      timeout: options.timeout ?? HTTP_TIMEOUT_MS,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    const apiError = await toApiError(error);
    if (apiError.status === 401) {
      // The token was rejected: the session is over. The sign-out explains it; no toast.
      emitUnauthorized();
    } else if (options.notifyError !== false) {
      settings.notify.error(apiError.message);
    }
    // Someone may have taken rights away: the permission store reads them again (menu, route
    // guard and buttons follow).
    if (apiError.status === 403) emitForbidden();
    throw apiError;
  }
}

/** Sends a request and returns the success envelope ({ data, message? }). */
export async function request<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<ApiSuccess<T>> {
  const response = await requestRaw(method, path, options);
  const body = await readBody(response);
  const envelope: ApiSuccess<T> =
    typeof body === 'object' && body !== null && 'data' in body
      ? (body as ApiSuccess<T>)
      : { data: body as T };
  if (
    method !== 'GET' &&
    options.notifySuccess !== false &&
    typeof envelope.message === 'string' &&
    envelope.message.trim() !== ''
  ) {
    settings.notify.success(
      translate({
        text: envelope.message,
        key: envelope.messageKey,
        params: envelope.messageParams,
      }),
    );
  }
  return envelope;
}

/** Calls that return the envelope's data. Paths are relative to apiBaseUrl ('supplier/list'). */
export const api = {
  get: async <T>(path: string, options?: RequestOptions): Promise<T> =>
    (await request<T>('GET', path, options)).data,
  post: async <T>(path: string, json?: unknown, options?: RequestOptions): Promise<T> =>
    (await request<T>('POST', path, { ...options, json })).data,
  put: async <T>(path: string, json?: unknown, options?: RequestOptions): Promise<T> =>
    (await request<T>('PUT', path, { ...options, json })).data,
  delete: async <T>(path: string, json?: unknown, options?: RequestOptions): Promise<T> =>
    (await request<T>('DELETE', path, { ...options, json })).data,
  request,
  raw: requestRaw,
};
