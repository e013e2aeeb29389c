import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllowList } from './connectors/outbound/address-policy';
import { parseSecretKey } from './identity/crypto';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Repository root (api/..), used for embedded-default paths. */
export const repoRoot = path.resolve(apiRoot, '..');

export interface AppConfig {
  port: number;
  host: string;
  /**
   * Public origin of the console, e.g. http://localhost:3000 (CORS, token issuer, links in the
   * log): PUBLIC_URL, else http://localhost:$PORT.
   */
  publicUrl: string;
  /**
   * The one origin the console may be used at: PUBLIC_URL when it is set (production). Unset in
   * the embedded default, where the console signs in from whatever origin it is reached at
   * (localhost, 127.0.0.1, a LAN address): identity endpoint and remote manifests are same-origin.
   */
  consoleOrigin: string | undefined;
  /** PostgreSQL URL; absent = embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Directory with the built host (served at /). */
  hostDistDir: string;
  /**
   * Base URL the remote store is served under (`<url>/remotes/<remote>/<version>/...`), e.g. a
   * CDN origin; absent = the console's own origin (the API serves remoteStoreDir at /remotes/).
   * Its origin is allowed in the CSP.
   */
  remoteStoreUrl: string | undefined;
  /**
   * The remote store on disk (`<remote>/<version>/...`), served at /remotes/ and written by
   * `pnpm release publish`: REMOTE_STORE_DIR, else <dataDir>/remote-store (the release CLI's default).
   */
  remoteStoreDir: string;
  /**
   * How long a pin waits for the remote store to send a version's manifest and remote entry
   * (RELEASE_CHECK_TIMEOUT_MS, default 5000): a store that does not answer refuses the pin.
   */
  releaseCheckTimeoutMs: number;
  /**
   * REMOTE_STORE_BUCKET: the bucket a proxy or CDN serves the remote store from (keys
   * `<remote>/<version>/<file>`); a version published through the API is written there too, with
   * the S3_* connection settings of the uploads. Absent = the store directory only.
   */
  remoteStoreBucket: string | undefined;
  /**
   * RELEASE_CHECK_STORE_URL: where the API itself reads the store for a pin's check, when the
   * public store URL (REMOTE_STORE_URL / PUBLIC_URL) does not resolve inside its network
   * (compose: PUBLIC_URL is http://localhost:8080, the proxy is http://proxy:8080 to the API).
   * The same `/remotes/...` paths under it. Absent = the public store URL.
   */
  releaseCheckStoreUrl: string | undefined;
  /**
   * How long the console waits for a remote's manifest or remote entry before it shows the
   * area's error page (REMOTE_LOAD_TIMEOUT_MS, default 8000; given to the console in config.json).
   */
  remoteLoadTimeoutMs: number;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /** Requests per client IP and window on /api (429 beyond). */
  rateLimit: { max: number; windowMs: number };
  seedAdminEmail: string;
  identity: {
    /** 'local' = the API serves the Cognito-compatible endpoint at /identity; 'cognito' = real pool. */
    mode: 'local' | 'cognito';
    region: string;
    userPoolId: string;
    clientId: string;
    idTokenTtlSeconds: number;
    accessTokenTtlSeconds: number;
    refreshTokenTtlSeconds: number;
    /**
     * How long a rotated refresh token may still be presented without counting as theft
     * (REFRESH_TOKEN_RETRY_GRACE_SECONDS, default 30, 0-60 like Cognito's RetryGracePeriodSeconds):
     * two tabs refreshing at once, or a page reloaded while its refresh was in flight.
     */
    refreshTokenRetryGraceSeconds: number;
    otpTtlSeconds: number;
    /** One-time passwords per user and per client address in 15 minutes. */
    otpCodesPerUser: number;
    otpInitiatePerIp: number;
    /**
     * How long a verified session and its permissions are reused without asking the database
     * (SESSION_CACHE_SECONDS, default 5, 0 = never, at most 60). This process drops them at once on sign-out,
     * revocation, a role or user change; another process keeps them at most this long
     * (docs/decisions/0013).
     */
    sessionCacheSeconds: number;
  };
  mail: {
    /** SMTP URL (smtp://user:pass@host:port); absent = write mail to the outbox directory. */
    smtpUrl: string | undefined;
    from: string;
    outboxDir: string;
  };
  /** Key for encrypting secrets at rest (32 bytes, base64 or hex). */
  secretKey: string | undefined;
  /**
   * Outbound calls to suppliers (base URLs, connection test, sync) never reach loopback, private,
   * link-local or metadata addresses, except these: OUTBOUND_ALLOW_LIST, comma-separated IPs or
   * CIDR ranges, optionally with a port (`10.1.2.0/24`, `127.0.0.1:3199`, `[::1]:8080`). Default:
   * the embedded eSIM Go simulator's address when it runs (sample data on), else nothing.
   */
  outboundAllowList: string[];
  /** Uploaded files (docs/files.md): local disk in the embedded default, or S3-compatible storage. */
  files: FilesConfig;
  /**
   * DOCUMENT_PDF_AT_ISSUE (default true): an issued order document's PDF is rendered right after
   * its transaction commits. false: at its first download instead (GET order/document/pdf makes it
   * from the stored data), so a process that issues many documents starts no Chromium for them
   * (the API tests that do not read PDFs). docs/documents.md "Order documents".
   */
  documentPdfAtIssue: boolean;
  /**
   * DOCUMENTS_WARM_ON_START (true or false; default true, false when NODE_ENV=test): the API
   * process starts the document renderer (Chromium, its pages, the fonts every document shares) in
   * the background once it listens, so the first preview is a warm one. Off under tests, which
   * start many servers. docs/documents.md "Rendering".
   */
  documentsWarmOnStart: boolean;
  logLevel: string;
}

/** S3-compatible object storage for uploaded files (FILE_STORAGE=s3, or S3_BUCKET set). */
export interface S3FilesConfig {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: an S3-compatible service (MinIO, R2...); absent = AWS S3. */
  endpoint: string | undefined;
  /**
   * S3_PUBLIC_ENDPOINT: the endpoint browsers reach when it is not the server's (presigned URLs are
   * made for it); absent = endpoint.
   */
  publicEndpoint: string | undefined;
  /** S3_FORCE_PATH_STYLE=true: <endpoint>/<bucket>/<key> instead of <bucket>.<endpoint>/<key>. */
  forcePathStyle: boolean;
  /** S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY; absent = the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** S3_KEY_PREFIX: put before every object key (e.g. `console/`). */
  keyPrefix: string;
}

export interface FilesConfig {
  storage: 'local' | 's3';
  /** FILES_DIR, else <dataDir>/files: where local storage keeps the files. */
  localDir: string;
  /** FILE_UPLOAD_URL_TTL_SECONDS (default 300, 30 to 3600): how long an upload link works. */
  uploadUrlTtlSeconds: number;
  s3: S3FilesConfig | undefined;
}

/** Why the server refuses to start: a configuration mistake, said plainly. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const SECRET_KEY_REQUIRED_MESSAGE =
  'SECRET_KEY is required with DATABASE_URL: set it to 32 random bytes, hex or base64 ' +
  '(e.g. `openssl rand -hex 32`), the same on every replica. Nothing was written.';

/** The embedded simulator's port (mirrors connectors/embedded.ts simulatorPort); null = off. */
function embeddedSimulatorPort(env: NodeJS.ProcessEnv): number | null {
  const value = env.ESIMGO_SIMULATOR_PORT;
  if (value === 'off' || value === 'false') return null;
  const port = value === undefined || value === '' ? 3199 : Number.parseInt(value, 10);
  return Number.isInteger(port) && port > 0 && port <= 65535 ? port : null;
}

function outboundAllowList(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): string[] {
  if (env.OUTBOUND_ALLOW_LIST !== undefined) {
    return env.OUTBOUND_ALLOW_LIST.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  }
  // Same rule as sampleDataEnabled(): the sample supplier points at the simulator on 127.0.0.1.
  const sampleData =
    env.SEED_SAMPLE_DATA === 'true' || (env.SEED_SAMPLE_DATA !== 'false' && !databaseUrl);
  const port = embeddedSimulatorPort(env);
  return sampleData && port !== null ? [`127.0.0.1:${port}`] : [];
}

/**
 * The origin browsers PUT uploads to with S3 storage (the CSP's connect-src allows it); null with
 * local storage (same origin).
 */
export function filesUploadOrigin(files: FilesConfig): string | null {
  const s3 = files.s3;
  if (files.storage !== 's3' || !s3) return null;
  const endpoint = s3.publicEndpoint ?? s3.endpoint;
  if (endpoint) {
    const url = new URL(endpoint);
    return s3.forcePathStyle ? url.origin : `${url.protocol}//${s3.bucket}.${url.host}`;
  }
  return s3.forcePathStyle
    ? `https://s3.${s3.region}.amazonaws.com`
    : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

/** FILE_STORAGE / S3_* (docs/files.md). */
function filesConfig(env: NodeJS.ProcessEnv, dataDir: string): FilesConfig {
  // S3_BUCKET_UPLOADS: the name docker/compose.yaml has used for it.
  const bucket = env.S3_BUCKET || env.S3_BUCKET_UPLOADS || undefined;
  const requested = env.FILE_STORAGE || (bucket ? 's3' : 'local');
  if (requested !== 'local' && requested !== 's3') {
    throw new ConfigError(`FILE_STORAGE must be local or s3, got "${requested}"`);
  }
  const ttl = int(env.FILE_UPLOAD_URL_TTL_SECONDS, 300);
  if (ttl < 30 || ttl > 3600) {
    throw new ConfigError('FILE_UPLOAD_URL_TTL_SECONDS must be between 30 and 3600');
  }
  let s3: S3FilesConfig | undefined;
  if (requested === 's3') {
    if (!bucket) throw new ConfigError('FILE_STORAGE=s3 needs S3_BUCKET');
    const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
    const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
    if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
      throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    }
    for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT'] as const) {
      const value = env[name];
      if (value && !/^https?:\/\/[^/\s]+/.test(value)) {
        throw new ConfigError(`${name} must be an http(s) URL`);
      }
    }
    s3 = {
      bucket,
      region: env.S3_REGION || env.AWS_REGION || 'ap-northeast-1',
      endpoint: env.S3_ENDPOINT || undefined,
      publicEndpoint: env.S3_PUBLIC_ENDPOINT || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      keyPrefix: env.S3_KEY_PREFIX ?? '',
    };
  }
  return {
    storage: requested,
    localDir: path.resolve(env.FILES_DIR || path.join(dataDir, 'files')),
    uploadUrlTtlSeconds: ttl,
    s3,
  };
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseInt(value, 10);
  if (!Number.isFinite(parsed)) throw new Error(`Expected an integer, got "${value}"`);
  return parsed;
}

export interface LoadConfigOptions {
  /**
   * Refuse DATABASE_URL without a valid SECRET_KEY (default true: the server would otherwise fail
   * half-way through its first start). Tools that never touch secrets (release CLI) pass false.
   */
  requireSecretKey?: boolean;
}

/**
 * Reads configuration from the environment; every value has an embedded default. Throws
 * ConfigError before anything is opened or written when the configuration cannot work.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { requireSecretKey = true }: LoadConfigOptions = {},
): AppConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  const secretKey = env.SECRET_KEY || undefined;
  if (requireSecretKey) {
    if (databaseUrl && !secretKey) throw new ConfigError(SECRET_KEY_REQUIRED_MESSAGE);
    try {
      parseSecretKey(secretKey);
    } catch (error) {
      throw new ConfigError(`${(error as Error).message}. Nothing was written.`);
    }
  }
  const port = int(env.PORT, 3000);
  const consoleOrigin = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : undefined;
  const publicUrl = consoleOrigin ?? `http://localhost:${port}`;
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'));
  const mode = env.COGNITO_USER_POOL_ID ? 'cognito' : 'local';
  const allowList = outboundAllowList(env, databaseUrl);
  try {
    parseAllowList(allowList);
  } catch (error) {
    throw new ConfigError(`OUTBOUND_ALLOW_LIST: ${(error as Error).message}`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    consoleOrigin,
    databaseUrl,
    dataDir,
    hostDistDir: path.resolve(env.HOST_DIST_DIR ?? path.join(repoRoot, 'host', 'dist')),
    remoteStoreUrl: env.REMOTE_STORE_URL || undefined,
    remoteStoreDir: path.resolve(env.REMOTE_STORE_DIR || path.join(dataDir, 'remote-store')),
    releaseCheckTimeoutMs: Math.max(100, int(env.RELEASE_CHECK_TIMEOUT_MS, 5000)),
    remoteStoreBucket: env.REMOTE_STORE_BUCKET || undefined,
    releaseCheckStoreUrl: env.RELEASE_CHECK_STORE_URL || undefined,
    remoteLoadTimeoutMs: Math.min(120_000, Math.max(500, int(env.REMOTE_LOAD_TIMEOUT_MS, 8000))),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    trustProxy: env.TRUST_PROXY === 'true',
    rateLimit: {
      max: int(env.RATE_LIMIT_MAX, 600),
      windowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000),
    },
    seedAdminEmail: (env.SEED_ADMIN_EMAIL ?? 'admin@esim.local').toLowerCase(),
    identity: {
      mode,
      region: env.COGNITO_REGION ?? 'ap-northeast-1',
      // Empty = unset: docker/compose.yaml passes them empty when no Cognito pool is used.
      userPoolId: env.COGNITO_USER_POOL_ID || 'ap-northeast-1_local',
      clientId: env.COGNITO_CLIENT_ID || 'esim-console-local',
      idTokenTtlSeconds: int(env.ID_TOKEN_TTL_SECONDS, 3600),
      accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 3600),
      refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL_SECONDS, 30 * 24 * 3600),
      refreshTokenRetryGraceSeconds: Math.min(
        60,
        Math.max(0, int(env.REFRESH_TOKEN_RETRY_GRACE_SECONDS, 30)),
      ),
      otpTtlSeconds: int(env.OTP_TTL_SECONDS, 5 * 60),
      otpCodesPerUser: int(env.OTP_MAX_CODES_PER_USER, 5),
      otpInitiatePerIp: int(env.OTP_MAX_SIGN_INS_PER_IP, 30),
      sessionCacheSeconds: Math.min(60, Math.max(0, int(env.SESSION_CACHE_SECONDS, 5))),
    },
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM ?? 'eSIM Console <no-reply@esim.local>',
      outboxDir: path.resolve(env.OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    },
    secretKey,
    outboundAllowList: allowList,
    files: filesConfig(env, dataDir),
    documentPdfAtIssue: env.DOCUMENT_PDF_AT_ISSUE !== 'false',
    documentsWarmOnStart: env.DOCUMENTS_WARM_ON_START
      ? env.DOCUMENTS_WARM_ON_START === 'true'
      : env.NODE_ENV !== 'test',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
