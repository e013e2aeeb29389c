import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './access';

/**
 * Tables of the local Cognito-compatible identity service (api/src/identity). Mirrors
 * api/drizzle/0002_identity.sql. Nothing secret is stored in clear except where noted: OTP codes,
 * challenge sessions and refresh tokens are stored as hashes only.
 */

/** RS256 key pairs that sign local tokens; shared by every API replica. One key is active. */
export const identitySigningKeys = pgTable(
  'identity_signing_keys',
  {
    kid: text('kid').primaryKey(),
    alg: text('alg').notNull().default('RS256'),
    /** Public JWK as published in the JWKS. */
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    /** PKCS#8 PEM, or `v1:<iv>:<tag>:<ciphertext>` (AES-256-GCM) when SECRET_KEY is configured. */
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a newer key takes over; retired keys stay in the JWKS until their tokens expire. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  () => [
    uniqueIndex('identity_signing_keys_one_active')
      .on(sql`(true)`)
      .where(sql`retired_at IS NULL`),
  ],
);

/** Server-side secrets the identity service generates itself (the OTP HMAC key without SECRET_KEY). */
export const identitySecrets = pgTable('identity_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const CHALLENGE_STATUSES = ['pending', 'succeeded', 'failed', 'superseded'] as const;

/** One OTP code sent by e-mail (one CUSTOM_AUTH sign-in attempt). */
export const identityChallenges = pgTable(
  'identity_challenges',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the current Cognito `Session` string; replaced by every new challenge. */
    sessionHash: text('session_hash').notNull().unique(),
    /** HMAC-SHA256(otp key, `<challenge id>:<code>`). */
    codeHash: text('code_hash').notNull(),
    /** Answers still accepted for this code (starts at 2). */
    answersLeft: smallint('answers_left').notNull(),
    status: text('status', { enum: CHALLENGE_STATUSES }).notNull().default('pending'),
    clientIp: text('client_ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_challenges_user_idx').on(t.userId, t.createdAt)],
);

/** A signed-in session (Cognito's origin_jti); refresh tokens rotate within it. */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    /** The origin_jti claim of every token of this session. */
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    /** The event_id claim (one per sign-in). */
    eventId: uuid('event_id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session (refresh token validity counted from sign-in). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_sessions_user_idx').on(t.userId)],
);

/** Refresh tokens (SHA-256 only). rotated_at set = used once already; presenting it again = reuse. */
export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => identitySessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('identity_refresh_tokens_session_idx').on(t.sessionId)],
);

/** Tokens of a user authenticated (auth_time) before revoked_before are rejected (any issuer). */
export const identityRevocations = pgTable('identity_revocations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  revokedBefore: timestamp('revoked_before', { withTimezone: true }).notNull(),
});

/** Sliding-window rate-limit log shared by all replicas (key = `ip:<addr>` or `user:<id>`). */
export const identityRateEvents = pgTable(
  'identity_rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_rate_events_key_idx').on(t.key, t.createdAt)],
);
