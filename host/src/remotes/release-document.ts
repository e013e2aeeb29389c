import { queryOptions } from '@tanstack/react-query';
import {
  releasePreviewQuery,
  type PinnedReleaseDocument,
  type ReleasePreview,
} from '@esim/contracts';
import { api, getRuntimeConfig, isApiError } from '@esim/platform';
import {
  RELEASE_DOCUMENT_QUERY_KEY,
  clearReleasePreview,
  readReleasePreviews,
  releasePreviewList,
} from '@esim/remote-kit/release';
import { applyReleaseDocument } from './federation';

const DEFAULT_DOCUMENT_PATH = 'release/pinned';

/**
 * The release document's path for the API client (relative to apiBaseUrl): /config.json's
 * remotes.releaseDocumentUrl, e.g. '/api/mng/release/pinned' -> 'release/pinned'.
 */
export function releaseDocumentPath(config: {
  apiBaseUrl: string;
  remotes?: { releaseDocumentUrl?: string };
}): string {
  const url = config.remotes?.releaseDocumentUrl;
  if (!url) return DEFAULT_DOCUMENT_PATH;
  const base = config.apiBaseUrl.replace(/\/+$/, '');
  if (url.startsWith(`${base}/`)) return url.slice(base.length + 1);
  console.warn(
    `remotes.releaseDocumentUrl ${url} is not under apiBaseUrl ${base}; using ${base}/${DEFAULT_DOCUMENT_PATH}.`,
  );
  return DEFAULT_DOCUMENT_PATH;
}

async function requestDocument(
  previews: readonly ReleasePreview[],
  signal: AbortSignal | undefined,
): Promise<PinnedReleaseDocument> {
  return api.get<PinnedReleaseDocument>(releaseDocumentPath(getRuntimeConfig()), {
    searchParams:
      previews.length > 0 ? new URLSearchParams(releasePreviewQuery(previews)) : undefined,
    // The server answers no-store; ask every cache on the way for a fresh copy too.
    headers: { 'Cache-Control': 'no-cache' },
    // The areas show their own error page with a retry; no toast at start.
    notifyError: false,
    signal,
  });
}

/** Answers that mean "this preview cannot be had" (lost permission, version gone, bad value). */
const REFUSED_PREVIEW = new Set([400, 403, 404, 422]);

/**
 * GET release/pinned, with this browser session's preview overrides. A refused preview is
 * dropped from the session and the pinned versions are loaded instead.
 */
export async function fetchReleaseDocument(signal?: AbortSignal): Promise<PinnedReleaseDocument> {
  const previews = releasePreviewList(readReleasePreviews());
  if (previews.length > 0) {
    try {
      return await requestDocument(previews, signal);
    } catch (error) {
      if (!isApiError(error) || !REFUSED_PREVIEW.has(error.status)) throw error;
      console.warn('The release preview was refused, loading the pinned versions:', error.message);
      clearReleasePreview();
    }
  }
  return requestDocument([], signal);
}

/**
 * The pinned release document in the console's QueryClient: loaded once per signed-in session
 * (sign-out clears the cache), registering the remotes with the federation runtime as it arrives.
 */
export const releaseDocumentQuery = () =>
  queryOptions({
    queryKey: RELEASE_DOCUMENT_QUERY_KEY,
    // No abort signal: react-query cancels a fetch whose signal was read as soon as its last
    // observer unmounts (a remount, StrictMode's double effects), and the one read per session
    // would then show as an aborted request. Sign-out still cancels it (cancelQueries).
    queryFn: async () => {
      const document = await fetchReleaseDocument();
      applyReleaseDocument(document);
      return document;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
