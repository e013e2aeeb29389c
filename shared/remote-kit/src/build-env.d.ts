// Constants a remote's webpack build defines (DefinePlugin in @esim/build createRemoteConfig).
// Remotes include this file in their tsconfig; the kit itself never reads them, so it stays
// correct even when shared between remotes.

/** The remote's Module Federation name, e.g. 'suppliers'. */
declare const __REMOTE_NAME__: string;
/** The version this build was made as (package.json version or REMOTE_VERSION). */
declare const __REMOTE_VERSION__: string;
/**
 * E2E builds only (REMOTE_E2E_EXTRA_ROUTE=1): a remote may declare an extra route with it, to
 * prove a new screen needs no host build. False in every other build (the code is dropped).
 */
declare const __REMOTE_E2E_EXTRA_ROUTE__: boolean;
