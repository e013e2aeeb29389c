/**
 * Release tokens (docs/decisions/0025-release-cli-auth.md): a release manager's personal token
 * for the release CLI. A request bearing one acts as its user, with the user's CURRENT role and
 * permissions (read on every request, like a session), and only on the release calls: any other
 * route, and the token calls themselves, refuse it.
 */
import { createHash } from 'node:crypto';
import { RELEASE_TOKEN_PREFIX, type PermissionEntry } from '@esim/contracts';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rolePermissions, users } from '../db/schema/access';
import { releaseTokens } from '../db/schema/release-safety';
import type { AuthContext } from './define-route';

/** Routes a release token may call: the release registry, except managing tokens. */
const RELEASE_ROUTES = /^\/api\/mng\/release\/(?!token(?:\/|$))/;

/** last_used_at is written at most this often per token. */
const LAST_USED_PRECISION_MS = 60_000;

export function isReleaseToken(token: string): boolean {
  return token.startsWith(RELEASE_TOKEN_PREFIX);
}

export function hashReleaseToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a route (its registered URL) accepts a release token. */
export function releaseTokenAllowed(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && RELEASE_ROUTES.test(routeUrl);
}

export interface ReleaseTokenAuth {
  /** The caller a live token of an active user stands for, or null. */
  authenticate(token: string): Promise<AuthContext | null>;
}

export function createReleaseTokenAuth(db: Db): ReleaseTokenAuth {
  return {
    async authenticate(token) {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const [row] = await db
        .select({
          id: releaseTokens.id,
          userId: users.id,
          email: users.email,
          roleId: users.roleId,
          partnerId: users.partnerId,
          permissions: sql<PermissionEntry[] | string>`(
            SELECT coalesce(json_agg(json_build_object('path', rp.path, 'methods', rp.methods)
                                     ORDER BY rp.path), '[]'::json)
            FROM ${rolePermissions} rp WHERE rp.role_id = ${users.roleId})`,
        })
        .from(releaseTokens)
        .innerJoin(users, eq(users.id, releaseTokens.userId))
        .where(
          and(
            eq(releaseTokens.tokenHash, hashReleaseToken(token)),
            isNull(releaseTokens.revokedAt),
            gt(releaseTokens.expiresAt, sql`now()`),
            eq(users.status, 'active'),
          ),
        );
      if (!row) return null;
      await db
        .update(releaseTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(releaseTokens.id, row.id),
            or(
              isNull(releaseTokens.lastUsedAt),
              lt(
                releaseTokens.lastUsedAt,
                sql`now() - ${`${LAST_USED_PRECISION_MS} milliseconds`}::interval`,
              ),
            ),
          ),
        );
      const permissions =
        typeof row.permissions === 'string'
          ? (JSON.parse(row.permissions) as PermissionEntry[])
          : row.permissions;
      return {
        userId: row.userId,
        email: row.email,
        roleId: row.roleId,
        partnerId: row.partnerId,
        permissions,
        via: 'releaseToken',
      };
    },
  };
}
