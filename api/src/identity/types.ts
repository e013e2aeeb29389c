import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';

/** What a valid ID token proves about the caller. */
export interface VerifiedIdentity {
  sub: string;
  email: string;
  /** Cognito's origin_jti: the sign-in session the token belongs to (absent on some Cognito tokens). */
  originJti: string | undefined;
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
  /** Starts a session for an existing active user without OTP (tests and the CLI only; no HTTP route). */
  issueSessionTokens(email: string): Promise<SessionTokens>;
  /** Ends every session of a user (GlobalSignOut, user disabled). */
  revokeAllSessions(userId: string): Promise<void>;
  close(): Promise<void>;
}

export interface IdentityDeps {
  config: AppConfig;
  database: Database;
  log: FastifyBaseLogger;
}

export class IdentityError extends Error {
  constructor(
    readonly kind: 'unauthenticated',
    message: string,
  ) {
    super(message);
  }
}

export type CreateIdentity = (deps: IdentityDeps) => Promise<IdentityModule>;
