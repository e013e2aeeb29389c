import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import {
  identityChallenges,
  identityRateEvents,
  identityRefreshTokens,
  identityRevocations,
  identitySessions,
  users,
} from '../db/schema';
import type { Mailer } from '../mail';
import {
  challengeSession,
  digestsEqual,
  generateOtpCode,
  hashOtp,
  randomToken,
  sha256,
} from './crypto';
import { CognitoError, MESSAGES, invalidParameter, notAuthorized } from './errors';
import type { SigningKey } from './keys';
import { buildOtpMail } from './otp-mail';
import { takeRateLimitToken } from './rate-limit';
import { signSessionTokens, type SessionClaims, type TokenSettings } from './tokens';
import type { IdentityLimits, SessionTokens } from './types';
import { isUuid, looksLikeUuid, type TokenVerifier } from './verifier';

export const IDENTITY_LIMITS: IdentityLimits = {
  answersPerCode: 2,
  codesPerUser: { max: 5, windowSeconds: 15 * 60 },
  initiatePerIp: { max: 30, windowSeconds: 15 * 60 },
};

/** Codes never live longer than this, whatever OTP_TTL_SECONDS says. */
export const MAX_OTP_TTL_SECONDS = 600;

export interface ChallengeResult {
  kind: 'challenge';
  session: string;
  parameters: { USERNAME: string; email: string; attemptsLeft: string };
}

export interface AuthenticatedResult {
  kind: 'authenticated';
  tokens: SessionTokens;
}

/** Cognito's UserAttributes of GetUser. */
export interface UserAttributes {
  username: string;
  attributes: { Name: string; Value: string }[];
}

interface UserRow {
  id: string;
  email: string;
  status: 'active' | 'inactive';
}

export interface IdentityServiceDeps {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  mailer: Mailer;
  limits: IdentityLimits;
  signingKey: SigningKey;
  otpKey: Buffer;
  tokenSettings: TokenSettings;
  verifier: TokenVerifier;
  /** Called after a sign-out or revocation is committed (drops the session cache). */
  sessionsChanged?: () => void;
}

/**
 * The custom-auth sign-in (e-mail OTP), sessions and refresh tokens behind the Cognito-compatible
 * endpoint. All state lives in PostgreSQL, so any replica can answer any step.
 */
export class IdentityService {
  private readonly db: Db;
  readonly otpTtlSeconds: number;

  constructor(private readonly deps: IdentityServiceDeps) {
    this.db = deps.db;
    this.otpTtlSeconds = Math.min(
      Math.max(1, deps.config.identity.otpTtlSeconds),
      MAX_OTP_TTL_SECONDS,
    );
    if (this.otpTtlSeconds !== deps.config.identity.otpTtlSeconds) {
      deps.log.warn(
        { configured: deps.config.identity.otpTtlSeconds, used: this.otpTtlSeconds },
        'OTP TTL clamped',
      );
    }
  }

  /**
   * InitiateAuth CUSTOM_AUTH: e-mails a new code (invalidating older ones) and opens a challenge.
   * Once the user's code limit is reached, no mail is sent: the answer is a challenge for the last
   * code still valid, so anyone repeating sign-in starts for someone else's e-mail throttles the
   * mail but cannot lock that person out. Only when no code is left (all expired or answered
   * wrongly) is the start refused.
   */
  async initiateCustomAuth(username: string, clientIp: string): Promise<ChallengeResult> {
    const { limits, log } = this.deps;
    if (!(await takeRateLimitToken(this.db, `ip:${clientIp}`, limits.initiatePerIp))) {
      log.warn({ clientIp }, 'identity: sign-in rate limit per IP reached');
      throw new CognitoError('TooManyFailedAttemptsException', MESSAGES.tooManyRequestsFromIp);
    }
    const user = await this.findUser(username);
    if (!user) throw new CognitoError('UserNotFoundException', MESSAGES.userNotFound);
    if (user.status !== 'active') throw notAuthorized(MESSAGES.userDisabled);
    if (!(await takeRateLimitToken(this.db, `user:${user.id}`, limits.codesPerUser))) {
      const last = await this.lastLiveChallenge(user.id);
      if (last) {
        log.info(
          { userId: user.id, clientIp, challengeId: last.id },
          'identity: code limit per user reached, the last code is offered again (no mail)',
        );
        return this.challenge(
          user,
          challengeSession(this.deps.otpKey, last.id, last.answersLeft),
          last.answersLeft,
        );
      }
      log.warn({ userId: user.id, clientIp }, 'identity: sign-in code rate limit per user reached');
      throw new CognitoError('TooManyFailedAttemptsException', MESSAGES.tooManyRequestsForUser);
    }

    const code = generateOtpCode();
    const id = randomUUID();
    const session = challengeSession(this.deps.otpKey, id, limits.answersPerCode);
    const challengeId = await this.db.transaction(async (tx) => {
      // One sign-in start per user at a time, so two parallel starts cannot both stay pending.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`identity-user:${user.id}`}, 7202611))`,
      );
      // Resend = new code: every older pending code of this user stops working.
      await tx
        .update(identityChallenges)
        .set({ status: 'superseded', updatedAt: sql`now()` })
        .where(
          and(eq(identityChallenges.userId, user.id), eq(identityChallenges.status, 'pending')),
        );
      await tx.insert(identityChallenges).values({
        id,
        userId: user.id,
        sessionHash: sha256(session),
        codeHash: hashOtp(this.deps.otpKey, id, code),
        answersLeft: limits.answersPerCode,
        clientIp,
        expiresAt: sql`now() + (${this.otpTtlSeconds}::int * interval '1 second')`,
      });
      return id;
    });

    try {
      await this.deps.mailer.send({
        to: user.email,
        ...buildOtpMail({ code, validSeconds: this.otpTtlSeconds }),
      });
    } catch {
      await this.db
        .update(identityChallenges)
        .set({ status: 'failed', updatedAt: sql`now()` })
        .where(eq(identityChallenges.id, challengeId));
      throw new CognitoError('CodeDeliveryFailureException', MESSAGES.codeDeliveryFailed);
    }
    log.info({ userId: user.id, challengeId }, 'identity: sign-in code sent');
    return this.challenge(user, session, limits.answersPerCode);
  }

  /**
   * RespondToAuthChallenge CUSTOM_CHALLENGE. Each answer consumes the presented Session and one of
   * the code's answers in a single atomic UPDATE (so parallel answers cannot gain extra tries).
   * Correct: tokens. Wrong with answers left: a new challenge (new Session, same code). Wrong on the
   * last answer: NotAuthorizedException and the user starts again.
   */
  async respondToChallenge(input: {
    username: string;
    answer: string;
    session: string;
  }): Promise<ChallengeResult | AuthenticatedResult> {
    const user = await this.findUser(input.username);
    if (!user) throw notAuthorized(MESSAGES.invalidSession);
    const oldHash = sha256(input.session);
    const live = and(
      eq(identityChallenges.sessionHash, oldHash),
      eq(identityChallenges.userId, user.id),
      eq(identityChallenges.status, 'pending'),
      gt(identityChallenges.answersLeft, 0),
      gt(identityChallenges.expiresAt, sql`now()`),
    );
    const [current] = await this.db
      .select({ id: identityChallenges.id, answersLeft: identityChallenges.answersLeft })
      .from(identityChallenges)
      .where(live);
    if (!current) throw await this.sessionError(oldHash);
    const newSession = challengeSession(this.deps.otpKey, current.id, current.answersLeft - 1);
    // Compare-and-set on the Session: of parallel answers with one Session, one wins.
    const [challenge] = await this.db
      .update(identityChallenges)
      .set({
        sessionHash: sha256(newSession),
        answersLeft: current.answersLeft - 1,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          live,
          eq(identityChallenges.id, current.id),
          eq(identityChallenges.answersLeft, current.answersLeft),
        ),
      )
      .returning({
        id: identityChallenges.id,
        codeHash: identityChallenges.codeHash,
        answersLeft: identityChallenges.answersLeft,
      });
    if (!challenge) throw await this.sessionError(oldHash);

    const answer = input.answer.trim();
    const correct =
      /^\d{6}$/.test(answer) &&
      digestsEqual(hashOtp(this.deps.otpKey, challenge.id, answer), challenge.codeHash);
    if (correct) {
      const [won] = await this.db
        .update(identityChallenges)
        .set({ status: 'succeeded', updatedAt: sql`now()` })
        .where(
          and(eq(identityChallenges.id, challenge.id), eq(identityChallenges.status, 'pending')),
        )
        .returning({ id: identityChallenges.id });
      if (!won) throw notAuthorized(MESSAGES.invalidSession);
      const current = await this.findUser(user.id);
      if (!current) throw new CognitoError('UserNotFoundException', MESSAGES.userNotFound);
      if (current.status !== 'active') throw notAuthorized(MESSAGES.userDisabled);
      this.deps.log.info({ userId: user.id, challengeId: challenge.id }, 'identity: signed in');
      return { kind: 'authenticated', tokens: await this.startSession(current) };
    }
    if (challenge.answersLeft > 0) {
      this.deps.log.info(
        { userId: user.id, attemptsLeft: challenge.answersLeft },
        'identity: wrong sign-in code',
      );
      return this.challenge(user, newSession, challenge.answersLeft);
    }
    await this.db
      .update(identityChallenges)
      .set({ status: 'failed', updatedAt: sql`now()` })
      .where(eq(identityChallenges.id, challenge.id));
    this.deps.log.warn(
      { userId: user.id, challengeId: challenge.id },
      'identity: sign-in failed, no attempts left',
    );
    throw notAuthorized(MESSAGES.incorrectAnswer);
  }

  /** Creates a session (origin_jti) with its first refresh token and signs the token pair. */
  async startSession(user: { id: string; email: string }): Promise<SessionTokens> {
    const refreshToken = randomToken();
    const ttl = this.deps.config.identity.refreshTokenTtlSeconds;
    const session = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(identitySessions)
        .values({
          userId: user.id,
          clientId: this.deps.config.identity.clientId,
          expiresAt: sql`now() + (${ttl}::int * interval '1 second')`,
        })
        .returning({
          id: identitySessions.id,
          eventId: identitySessions.eventId,
          authTime: identitySessions.authTime,
        });
      if (!row) throw new Error('Session insert returned nothing');
      await tx
        .insert(identityRefreshTokens)
        .values({ tokenHash: sha256(refreshToken), sessionId: row.id });
      await tx.update(users).set({ lastLoginAt: row.authTime }).where(eq(users.id, user.id));
      return row;
    });
    const signed = await this.sign({
      userId: user.id,
      email: user.email,
      sessionId: session.id,
      eventId: session.eventId,
      authTime: session.authTime,
    });
    return { ...signed, refreshToken };
  }

  /**
   * GetTokensFromRefreshToken and InitiateAuth REFRESH_TOKEN_AUTH. The presented refresh token is
   * rotated: it stops working and a new one is returned. Presenting an already rotated token is
   * treated as theft (OAuth 2.0 Security BCP): the whole session is revoked.
   */
  async refresh(refreshToken: string): Promise<SessionTokens> {
    const hash = sha256(refreshToken);
    const next = randomToken();
    const outcome = await this.db.transaction(async (tx) => {
      const [rotated] = await tx
        .update(identityRefreshTokens)
        .set({ rotatedAt: sql`now()` })
        .where(
          and(eq(identityRefreshTokens.tokenHash, hash), isNull(identityRefreshTokens.rotatedAt)),
        )
        .returning({ sessionId: identityRefreshTokens.sessionId });
      let sessionId = rotated?.sessionId;
      if (!sessionId) {
        const grace = this.deps.config.identity.refreshTokenRetryGraceSeconds;
        const [reused] = await tx
          .select({
            sessionId: identityRefreshTokens.sessionId,
            withinGrace: sql<boolean>`${identityRefreshTokens.rotatedAt} > now() - make_interval(secs => ${grace})`,
          })
          .from(identityRefreshTokens)
          .where(eq(identityRefreshTokens.tokenHash, hash));
        if (!reused) return { ok: false, error: MESSAGES.invalidRefreshToken } as const;
        // A retry within the grace period (two tabs at once, a reload during a refresh) gets a new
        // pair of the same session; later, the rotated token is treated as stolen.
        if (reused.withinGrace) sessionId = reused.sessionId;
        else {
          await tx
            .update(identitySessions)
            .set({ revokedAt: sql`now()` })
            .where(
              and(eq(identitySessions.id, reused.sessionId), isNull(identitySessions.revokedAt)),
            );
          return {
            ok: false,
            error: MESSAGES.refreshTokenRevoked,
            reusedSession: reused.sessionId,
          } as const;
        }
      }
      const [row] = await tx
        .select({
          sessionId: identitySessions.id,
          eventId: identitySessions.eventId,
          authTime: identitySessions.authTime,
          clientId: identitySessions.clientId,
          revoked: sql<boolean>`${identitySessions.revokedAt} IS NOT NULL`,
          expired: sql<boolean>`${identitySessions.expiresAt} <= now()`,
          userId: users.id,
          email: users.email,
          status: users.status,
        })
        .from(identitySessions)
        .innerJoin(users, eq(users.id, identitySessions.userId))
        .where(eq(identitySessions.id, sessionId));
      if (!row || row.clientId !== this.deps.config.identity.clientId)
        return { ok: false, error: MESSAGES.invalidRefreshToken } as const;
      if (row.revoked) return { ok: false, error: MESSAGES.refreshTokenRevoked } as const;
      if (row.expired) return { ok: false, error: MESSAGES.refreshTokenExpired } as const;
      if (row.status !== 'active') return { ok: false, error: MESSAGES.userDisabled } as const;
      await tx
        .insert(identityRefreshTokens)
        .values({ tokenHash: sha256(next), sessionId: row.sessionId });
      await tx
        .update(identitySessions)
        .set({ lastRefreshedAt: sql`now()` })
        .where(eq(identitySessions.id, row.sessionId));
      return { ok: true, row } as const;
    });
    if (!outcome.ok) {
      if (outcome.reusedSession) {
        this.deps.sessionsChanged?.();
        this.deps.log.warn(
          { sessionId: outcome.reusedSession },
          'identity: refresh token reuse, session revoked',
        );
      }
      throw notAuthorized(outcome.error);
    }
    const { row } = outcome;
    const signed = await this.sign({
      userId: row.userId,
      email: row.email,
      sessionId: row.sessionId,
      eventId: row.eventId,
      authTime: row.authTime,
    });
    return { ...signed, refreshToken: next };
  }

  async getUser(accessToken: unknown): Promise<UserAttributes> {
    const user = await this.deps.verifier.verifyAccessToken(accessToken);
    return {
      username: user.id,
      attributes: [
        { Name: 'sub', Value: user.id },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'email', Value: user.email },
      ],
    };
  }

  /** GlobalSignOut: the access token must still be valid; then every session of its user ends. */
  async globalSignOut(accessToken: unknown): Promise<void> {
    const user = await this.deps.verifier.verifyAccessToken(accessToken);
    await this.revokeAllSessions(user.id);
    this.deps.log.info({ userId: user.id }, 'identity: global sign-out');
  }

  /** RevokeToken: ends the session of a refresh token (current or rotated). Unknown tokens: no-op (RFC 7009). */
  async revokeRefreshToken(token: string): Promise<void> {
    const [row] = await this.db
      .select({ sessionId: identityRefreshTokens.sessionId })
      .from(identityRefreshTokens)
      .where(eq(identityRefreshTokens.tokenHash, sha256(token)));
    if (!row) return;
    await this.db
      .update(identitySessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(identitySessions.id, row.sessionId), isNull(identitySessions.revokedAt)));
    this.deps.sessionsChanged?.();
  }

  /** Ends every session of the user, local ones and (via auth_time) tokens of a real Cognito pool. */
  async revokeAllSessions(userId: string): Promise<void> {
    if (!isUuid(userId)) return;
    await this.db.transaction(async (tx) => {
      await tx
        .update(identitySessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(identitySessions.userId, userId), isNull(identitySessions.revokedAt)));
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) return;
      await tx
        .insert(identityRevocations)
        .values({ userId, revokedBefore: sql`now()` })
        .onConflictDoUpdate({
          target: identityRevocations.userId,
          set: { revokedBefore: sql`now()` },
        });
    });
    this.deps.sessionsChanged?.();
  }

  async findActiveUserByEmail(email: string): Promise<UserRow | undefined> {
    const user = await this.findUser(email);
    return user && user.status === 'active' ? user : undefined;
  }

  /** Deletes what can no longer matter: old rate events, finished challenges, dead sessions. */
  async prune(): Promise<void> {
    const dayAgo = sql`now() - interval '1 day'`;
    await this.db.delete(identityRateEvents).where(lt(identityRateEvents.createdAt, dayAgo));
    await this.db
      .delete(identityChallenges)
      .where(
        or(
          lt(identityChallenges.expiresAt, dayAgo),
          inArray(identityChallenges.status, ['failed', 'superseded']),
        ),
      );
    await this.db
      .delete(identitySessions)
      .where(or(lt(identitySessions.expiresAt, dayAgo), lt(identitySessions.revokedAt, dayAgo)));
  }

  private async sign(claims: SessionClaims) {
    return signSessionTokens(this.deps.signingKey, this.deps.tokenSettings, claims);
  }

  private challenge(user: UserRow, session: string, answersLeft: number): ChallengeResult {
    return {
      kind: 'challenge',
      session,
      parameters: { USERNAME: user.id, email: user.email, attemptsLeft: String(answersLeft) },
    };
  }

  /** The user's newest code that can still be answered (pending, not expired, answers left). */
  private async lastLiveChallenge(
    userId: string,
  ): Promise<{ id: string; answersLeft: number } | undefined> {
    const [row] = await this.db
      .select({ id: identityChallenges.id, answersLeft: identityChallenges.answersLeft })
      .from(identityChallenges)
      .where(
        and(
          eq(identityChallenges.userId, userId),
          eq(identityChallenges.status, 'pending'),
          gt(identityChallenges.answersLeft, 0),
          gt(identityChallenges.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(identityChallenges.createdAt))
      .limit(1);
    return row;
  }

  private async sessionError(sessionHash: string): Promise<CognitoError> {
    const [row] = await this.db
      .select({
        status: identityChallenges.status,
        expired: sql<boolean>`${identityChallenges.expiresAt} <= now()`,
      })
      .from(identityChallenges)
      .where(eq(identityChallenges.sessionHash, sessionHash));
    return notAuthorized(
      row?.status === 'pending' && row.expired ? MESSAGES.expiredSession : MESSAGES.invalidSession,
    );
  }

  /** USERNAME is the e-mail typed at sign-in or the Cognito username (= users.id) Amplify echoes back. */
  private async findUser(username: string): Promise<UserRow | undefined> {
    const value = username.trim();
    if (value === '') throw invalidParameter('Missing required parameter USERNAME');
    const [row] = await this.db
      .select({ id: users.id, email: users.email, status: users.status })
      .from(users)
      .where(looksLikeUuid(value) ? eq(users.id, value) : eq(users.email, value.toLowerCase()))
      .limit(1);
    return row;
  }
}
