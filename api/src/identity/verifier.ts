import type { PermissionEntry, PermissionMethod } from '@esim/contracts';
import { and, eq, isNull, or, lt, sql } from 'drizzle-orm';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { decodeJwt } from 'jose';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { identityRevocations, identitySessions, rolePermissions, users } from '../db/schema';
import { CognitoError, MESSAGES, notAuthorized } from './errors';
import type { DatabaseJwksCache } from './keys';
import { IdentityError, type SessionAccess, type VerifiedIdentity } from './types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);
export const looksLikeUuid = (value: string): boolean => UUID.test(value);

type SessionProblem = 'missing' | 'inactive' | 'revoked';

interface CheckedUser {
  id: string;
  email: string;
  lastLoginAt: Date | null;
  roleId: string | null;
  partnerId: string | null;
  /** The role's entries when asked for (withAccess), else empty. */
  permissions: PermissionEntry[];
}

/**
 * Verifies local tokens (JwtRsaVerifier for the local issuer, JWKS from the database, never over
 * HTTP) and, in cognito mode, ID tokens of the real user pool (CognitoJwtVerifier, JWKS fetched from
 * Cognito). After the signature and claims, every token is checked against the database: the user
 * exists and is active, the local session (origin_jti) is not revoked, and the user's sessions were
 * not all revoked after the token's auth_time.
 */
export class TokenVerifier {
  private readonly localId;
  private readonly localAccess;
  private readonly cognitoId;
  private readonly cognitoIssuer: string | undefined;

  constructor(
    private readonly db: Db,
    config: AppConfig,
    private readonly localIssuer: string,
    jwksCache: DatabaseJwksCache,
  ) {
    const { clientId, userPoolId, region } = config.identity;
    const jwksUri = `${localIssuer}/.well-known/jwks.json`;
    this.localId = JwtRsaVerifier.create(
      {
        issuer: localIssuer,
        jwksUri,
        audience: clientId,
        customJwtCheck: ({ payload }) => assertClaim(payload.token_use === 'id', 'token_use'),
      },
      { jwksCache },
    );
    this.localAccess = JwtRsaVerifier.create(
      {
        issuer: localIssuer,
        jwksUri,
        audience: null,
        customJwtCheck: ({ payload }) => {
          assertClaim(payload.token_use === 'access', 'token_use');
          assertClaim(payload.client_id === clientId, 'client_id');
        },
      },
      { jwksCache },
    );
    if (config.identity.mode === 'cognito') {
      this.cognitoId = CognitoJwtVerifier.create({ userPoolId, tokenUse: 'id', clientId });
      this.cognitoIssuer = `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
    }
  }

  /** Preloads the local JWKS (no HTTP request to ourselves). */
  cacheLocalJwks(jwks: { keys: Record<string, unknown>[] }): void {
    this.localId.cacheJwks(jwks as never);
  }

  async verifyIdToken(token: string): Promise<VerifiedIdentity> {
    return (await this.verifyId(token, false)).identity;
  }

  /**
   * verifyIdToken plus what the API's access check needs, the user's role and its permission
   * entries, read in the same single query as the session check.
   */
  async verifyIdTokenWithAccess(token: string): Promise<SessionAccess> {
    const { identity, user, expiresAt } = await this.verifyId(token, true);
    return {
      userId: identity.userId,
      email: identity.email,
      roleId: user.roleId,
      partnerId: user.partnerId,
      permissions: user.permissions,
      expiresAt,
    };
  }

  private async verifyId(
    token: string,
    withAccess: boolean,
  ): Promise<{ identity: VerifiedIdentity; user: CheckedUser; expiresAt: number }> {
    const fail = (message: string) => new IdentityError('unauthenticated', message);
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw fail('Invalid token');
    }
    let payload: JwtPayload;
    const kind =
      issuer === this.localIssuer ? 'local' : issuer === this.cognitoIssuer ? 'cognito' : undefined;
    try {
      if (kind === 'local') payload = await this.localId.verify(token);
      else if (kind === 'cognito' && this.cognitoId) payload = await this.cognitoId.verify(token);
      else throw fail('Unknown token issuer');
    } catch (error) {
      if (error instanceof IdentityError) throw error;
      throw fail(error instanceof JwtExpiredError ? 'Token expired' : 'Invalid token');
    }
    const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : undefined;
    const originJti = typeof payload.origin_jti === 'string' ? payload.origin_jti : undefined;
    let lookup: { userId?: string; email?: string; sessionId?: string };
    if (kind === 'local') {
      if (!isUuid(payload.sub) || !isUuid(originJti)) throw fail('Invalid token');
      lookup = { userId: payload.sub, sessionId: originJti };
    } else {
      // Cognito's sub is not our users.id: the e-mail is the link; only a verified e-mail counts.
      if (typeof payload.email !== 'string' || payload.email_verified !== true)
        throw fail('Invalid token');
      lookup = { email: payload.email.toLowerCase() };
    }
    const result = await this.checkUser({ ...lookup, authTime, withAccess });
    if ('problem' in result) {
      if (result.problem === 'inactive') {
        throw new IdentityError('unauthenticated', MESSAGES.userDisabled, 'disabled');
      }
      throw fail(result.problem === 'missing' ? MESSAGES.userNotFound : 'Session has been revoked');
    }
    const { lastLoginAt } = result.user;
    if (authTime !== undefined && (!lastLoginAt || lastLoginAt.getTime() < (authTime - 1) * 1000)) {
      await this.recordSignIn(result.user.id, authTime);
    }
    return {
      identity: {
        sub: String(payload.sub),
        email: result.user.email,
        originJti,
        userId: result.user.id,
        issuer: kind,
      },
      user: result.user,
      // aws-jwt-verify has checked exp (a number) on every token it accepts.
      expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : 0,
    };
  }

  /** For GetUser / GlobalSignOut: a local access token of a live session; Cognito-style errors. */
  async verifyAccessToken(
    token: unknown,
  ): Promise<{ id: string; email: string; sessionId: string }> {
    if (typeof token !== 'string' || token === '') throw notAuthorized(MESSAGES.invalidAccessToken);
    let payload: JwtPayload;
    try {
      payload = await this.localAccess.verify(token);
    } catch (error) {
      throw notAuthorized(
        error instanceof JwtExpiredError
          ? MESSAGES.accessTokenExpired
          : MESSAGES.invalidAccessToken,
      );
    }
    if (!isUuid(payload.sub) || !isUuid(payload.origin_jti))
      throw notAuthorized(MESSAGES.invalidAccessToken);
    const result = await this.checkUser({
      userId: payload.sub,
      sessionId: payload.origin_jti,
      authTime: typeof payload.auth_time === 'number' ? payload.auth_time : undefined,
    });
    if ('problem' in result) {
      if (result.problem === 'missing')
        throw new CognitoError('UserNotFoundException', MESSAGES.userNotFound);
      throw notAuthorized(
        result.problem === 'inactive' ? MESSAGES.userDisabled : MESSAGES.accessTokenRevoked,
      );
    }
    return { id: result.user.id, email: result.user.email, sessionId: payload.origin_jti };
  }

  /**
   * The user, its session and revocation state (and with `withAccess` its role's permission
   * entries, as one JSON array) in ONE statement: this runs on every request that misses the
   * session cache.
   */
  private async checkUser(input: {
    userId?: string;
    email?: string;
    sessionId?: string;
    authTime: number | undefined;
    withAccess?: boolean;
  }): Promise<{ user: CheckedUser } | { problem: SessionProblem }> {
    const sessionId = input.sessionId ?? null;
    const [row] = await this.db
      .select({
        id: users.id,
        email: users.email,
        status: users.status,
        lastLoginAt: users.lastLoginAt,
        roleId: users.roleId,
        partnerId: users.partnerId,
        permissions: input.withAccess
          ? sql<PermissionEntry[] | string>`(
              SELECT coalesce(json_agg(json_build_object('path', rp.path, 'methods', rp.methods)
                                       ORDER BY rp.path), '[]'::json)
              FROM ${rolePermissions} rp WHERE rp.role_id = ${users.roleId})`
          : sql<null>`NULL`,
        revokedBefore: identityRevocations.revokedBefore,
        sessionFound: sql<boolean>`${identitySessions.id} IS NOT NULL`,
        sessionLive: sql<boolean>`${identitySessions.revokedAt} IS NULL AND ${identitySessions.expiresAt} > now()`,
      })
      .from(users)
      .leftJoin(identityRevocations, eq(identityRevocations.userId, users.id))
      .leftJoin(
        identitySessions,
        and(
          eq(identitySessions.id, sql`${sessionId}::uuid`),
          eq(identitySessions.userId, users.id),
        ),
      )
      .where(input.userId ? eq(users.id, input.userId) : eq(users.email, input.email ?? ''))
      .limit(1);
    if (!row) return { problem: 'missing' };
    if (row.status !== 'active') return { problem: 'inactive' };
    if (input.sessionId && !(row.sessionFound && row.sessionLive)) return { problem: 'revoked' };
    if (row.revokedBefore) {
      const revokedBefore = Math.floor(new Date(row.revokedBefore).getTime() / 1000);
      if (input.authTime === undefined || input.authTime < revokedBefore)
        return { problem: 'revoked' };
    }
    const permissions =
      typeof row.permissions === 'string'
        ? (JSON.parse(row.permissions) as PermissionEntry[])
        : (row.permissions ?? []);
    return {
      user: {
        id: row.id,
        email: row.email,
        lastLoginAt: row.lastLoginAt,
        roleId: row.roleId,
        partnerId: row.partnerId,
        permissions: permissions.map((entry) => ({
          path: entry.path,
          methods: entry.methods as PermissionMethod[],
        })),
      },
    };
  }

  /** users.last_login_at follows the token's auth_time: written once per sign-in, not per request. */
  private async recordSignIn(userId: string, authTime: number): Promise<void> {
    const at = sql`to_timestamp(${authTime}::bigint)`;
    await this.db
      .update(users)
      .set({ lastLoginAt: at })
      .where(
        and(
          eq(users.id, userId),
          or(isNull(users.lastLoginAt), lt(users.lastLoginAt, sql`${at} - interval '1 second'`)),
        ),
      );
  }
}

function assertClaim(ok: boolean, claim: string): void {
  if (!ok) throw new Error(`Invalid ${claim} claim`);
}
