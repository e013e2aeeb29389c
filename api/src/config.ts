import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
    otpTtlSeconds: number;
    /** One-time passwords per user and per client address in 15 minutes. */
    otpCodesPerUser: number;
    otpInitiatePerIp: number;
  };
  mail: {
    /** SMTP URL (smtp://user:pass@host:port); absent = write mail to the outbox directory. */
    smtpUrl: string | undefined;
    from: string;
    outboxDir: string;
  };
  /** Key for encrypting secrets at rest (32 bytes, base64 or hex). */
  secretKey: string | undefined;
  logLevel: string;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseInt(value, 10);
  if (!Number.isFinite(parsed)) throw new Error(`Expected an integer, got "${value}"`);
  return parsed;
}

/** Reads configuration from the environment; every value has an embedded default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = int(env.PORT, 3000);
  const consoleOrigin = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : undefined;
  const publicUrl = consoleOrigin ?? `http://localhost:${port}`;
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'));
  const mode = env.COGNITO_USER_POOL_ID ? 'cognito' : 'local';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    consoleOrigin,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    hostDistDir: path.resolve(env.HOST_DIST_DIR ?? path.join(repoRoot, 'host', 'dist')),
    remoteStoreUrl: env.REMOTE_STORE_URL || undefined,
    remoteStoreDir: path.resolve(env.REMOTE_STORE_DIR || path.join(dataDir, 'remote-store')),
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
      userPoolId: env.COGNITO_USER_POOL_ID ?? 'ap-northeast-1_local',
      clientId: env.COGNITO_CLIENT_ID ?? 'esim-console-local',
      idTokenTtlSeconds: int(env.ID_TOKEN_TTL_SECONDS, 3600),
      accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 3600),
      refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL_SECONDS, 30 * 24 * 3600),
      otpTtlSeconds: int(env.OTP_TTL_SECONDS, 5 * 60),
      otpCodesPerUser: int(env.OTP_MAX_CODES_PER_USER, 5),
      otpInitiatePerIp: int(env.OTP_MAX_SIGN_INS_PER_IP, 30),
    },
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM ?? 'eSIM Console <no-reply@esim.local>',
      outboxDir: path.resolve(env.OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    },
    secretKey: env.SECRET_KEY || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
