/**
 * A release manager's personal tokens for the release CLI (docs/decisions/0025): created here,
 * shown once, stored as sha256, listed, revoked. Requests with one are authenticated by
 * http/release-token-auth.ts.
 */
import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  RELEASE_TOKEN_PREFIX,
  type CreatedReleaseToken,
  type ReleaseTokenItem,
} from '@esim/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { releaseTokens } from '../../db/schema/release-safety';
import type { AuthContext } from '../../http/define-route';
import { AppError, ForbiddenError } from '../../http/errors';
import { hashReleaseToken } from '../../http/release-token-auth';
import { RELEASE_MESSAGES } from './messages';

const DAY_MS = 24 * 3600 * 1000;
/** How many characters of a token its list entry shows. */
const SHOWN_PREFIX = RELEASE_TOKEN_PREFIX.length + 6;

type TokenRow = typeof releaseTokens.$inferSelect;

function item(row: TokenRow): ReleaseTokenItem {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Tokens are managed by a signed-in person: a token never makes or revokes tokens. */
function assertSignedInPerson(auth: AuthContext): void {
  if (auth.via === 'releaseToken') throw new ForbiddenError();
}

export function createReleaseTokenService(db: Db) {
  return {
    async create(
      auth: AuthContext,
      input: { name: string; expiresInDays: number },
    ): Promise<CreatedReleaseToken> {
      assertSignedInPerson(auth);
      const token = `${RELEASE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(releaseTokens)
        .values({
          userId: auth.userId,
          name: input.name,
          prefix: token.slice(0, SHOWN_PREFIX),
          tokenHash: hashReleaseToken(token),
          expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
        })
        .returning();
      return { ...item(row!), token };
    },

    /** The caller's own tokens, newest first (revoked and expired ones too, marked). */
    async list(auth: AuthContext): Promise<ReleaseTokenItem[]> {
      assertSignedInPerson(auth);
      const rows = await db
        .select()
        .from(releaseTokens)
        .where(eq(releaseTokens.userId, auth.userId))
        .orderBy(desc(releaseTokens.createdAt));
      return rows.map(item);
    },

    /** Revokes one of the caller's own live tokens (404 for anyone else's or an unknown id). */
    async revoke(auth: AuthContext, id: string): Promise<ReleaseTokenItem> {
      assertSignedInPerson(auth);
      const [row] = await db
        .update(releaseTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(releaseTokens.id, id),
            eq(releaseTokens.userId, auth.userId),
            isNull(releaseTokens.revokedAt),
          ),
        )
        .returning();
      if (!row) throw new AppError(404, ERROR_CODES.notFound, RELEASE_MESSAGES.tokenNotFound);
      return item(row);
    },
  };
}
