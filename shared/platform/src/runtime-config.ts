/**
 * Runtime configuration: one build serves every environment, so the console reads
 * /config.json once at start (served by the API) instead of baking values in at build time.
 */
export interface IdentityConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /**
   * Cognito-compatible endpoint of the embedded identity service; null = real Cognito. A path
   * ('/identity') is on the console's own origin, whatever origin that is.
   */
  userPoolEndpoint: string | null;
}

export interface RuntimeConfig {
  /** Base URL of the management API, e.g. '/api/mng'. */
  apiBaseUrl: string;
  /**
   * The one origin the console is used at (the server's PUBLIC_URL); null or absent = any
   * origin it is reached at (embedded default).
   */
  publicUrl?: string | null;
  identity: IdentityConfig;
  remotes: {
    releaseDocumentUrl: string;
    /**
     * How long the host waits for a remote's manifest or remote entry before the area's error
     * page (ms); absent (an older API) = REMOTE_LOAD_TIMEOUT_MS of @esim/contracts.
     */
    loadTimeoutMs?: number;
  };
}

export const RUNTIME_CONFIG_URL = '/config.json';

let config: RuntimeConfig | undefined;
let pending: Promise<RuntimeConfig> | undefined;

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  const candidate = value as Partial<RuntimeConfig> | null;
  const identity = candidate?.identity as Partial<IdentityConfig> | undefined;
  return (
    typeof candidate?.apiBaseUrl === 'string' &&
    typeof identity?.userPoolId === 'string' &&
    typeof identity.userPoolClientId === 'string' &&
    (identity.userPoolEndpoint === null || typeof identity.userPoolEndpoint === 'string') &&
    (candidate.publicUrl == null || typeof candidate.publicUrl === 'string')
  );
}

/** Fetches /config.json once; later calls return the same promise. */
export function loadRuntimeConfig(url: string = RUNTIME_CONFIG_URL): Promise<RuntimeConfig> {
  pending ??= (async () => {
    const response = await fetch(url, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status})`);
    const body: unknown = await response.json();
    if (!isRuntimeConfig(body)) throw new Error(`${url} is not a valid runtime configuration`);
    config = body;
    return body;
  })().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

/** The loaded configuration; throws when loadRuntimeConfig() has not finished yet. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!config)
    throw new Error('Runtime configuration is not loaded yet: await loadRuntimeConfig() first');
  return config;
}

/** Sets the configuration directly (tests, or an embedding page that already has it). */
export function setRuntimeConfig(value: RuntimeConfig): void {
  config = value;
  pending = Promise.resolve(value);
}
