import type { PermissionEntry } from '@esim/contracts';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { MailMessage, Mailer, SentMail } from '../mail';

/** What a valid ID token proves about the caller. */
export interface VerifiedIdentity {
  sub: string;
  email: string;
  /** Cognito's origin_jti: the sign-in session the token belongs to (absent on some Cognito tokens). */
  originJti: string | undefined;
  /** users.id of the caller (equals `sub` for local tokens; looked up by e-mail for Cognito tokens). */
  userId: string;
  /** Which issuer signed the token. */
  issuer: 'local' | 'cognito';
}

/** What the API's access check needs about the caller of a request. */
export interface SessionAccess {
  userId: string;
  email: string;
  roleId: string | null;
  /** The partner the user is a staff account of (users.partner_id); null for the reseller's staff. */
  partnerId: string | null;
  /** The role's permission entries, by path. */
  permissions: PermissionEntry[];
  /** Epoch milliseconds: the ID token's expiry. */
  expiresAt: number;
}

export interface SessionTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface IdentityModule {
  /** Fastify plugin serving the Cognito-compatible JSON protocol; mounted at /identity in local mode. */
  plugin: FastifyPluginAsync;
  /**
   * Verifies an ID token (local issuer via its JWKS, or the real Cognito pool) and that its user is
   * still active and its session not signed out. Throws IdentityError('unauthenticated') otherwise.
   */
  verifyIdToken(token: string): Promise<VerifiedIdentity>;
  /**
   * The access check of every API request: verifyIdToken plus the user's role and permissions,
   * from the session cache (SESSION_CACHE_SECONDS) or ONE query. Throws like verifyIdToken.
   */
  authenticate(token: string): Promise<SessionAccess>;
  /**
   * Drops every cached session of this process at once. Call it after committing anything that
   * can take access away: a role's permissions or users, a user's status (sign-out and revocation
   * through this module call it themselves).
   */
  forgetSessions(): void;
  /** Starts a session for an existing active user without OTP (tests and the CLI only; no HTTP route). */
  issueSessionTokens(email: string): Promise<SessionTokens>;
  /** Ends every session of a user (GlobalSignOut, user disabled). */
  revokeAllSessions(userId: string): Promise<void>;
  /**
   * Sends a mail through the module's mailer, the one sign-in codes go through (SMTP_URL, else the
   * outbox): account invitations. Throws MailDeliveryError when it cannot be delivered.
   */
  sendMail(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

export interface IdentityDeps {
  config: AppConfig;
  database: Database;
  log: FastifyBaseLogger;
  /** Mailer for sign-in codes; default: createMailer(config.mail, log). Not closed by close() when given. */
  mailer?: Mailer;
  /** Overrides of the built-in limits (tests); see IDENTITY_LIMITS. */
  limits?: Partial<IdentityLimits>;
}

export interface IdentityLimits {
  /** Answers accepted per sign-in code (the spec's "Initial OTP attempts 2"). */
  answersPerCode: number;
  /** Sign-in codes one user may request in the window. */
  codesPerUser: { max: number; windowSeconds: number };
  /** InitiateAuth CUSTOM_AUTH calls one client IP may make in the window (any e-mail, known or not). */
  initiatePerIp: { max: number; windowSeconds: number };
}

export class IdentityError extends Error {
  constructor(
    readonly kind: 'unauthenticated',
    message: string,
    /** 'disabled': a genuine token of a user who has since been disabled. */
    readonly reason: 'disabled' | 'other' = 'other',
  ) {
    super(message);
  }
}

export type CreateIdentity = (deps: IdentityDeps) => Promise<IdentityModule>;
