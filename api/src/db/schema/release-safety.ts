import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './access';
import { remoteVersions } from './releases';

/** One canary per remote beside its main pin (api/drizzle/0025_release_safety.sql). */
export const remoteCanaries = pgTable(
  'remote_canaries',
  {
    remote: text('remote').primaryKey(),
    version: text('version').notNull(),
    /** 1..99; null = by role only. */
    percent: integer('percent'),
    roleIds: text('role_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    setBy: text('set_by').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'remote_canaries_published',
      columns: [t.remote, t.version],
      foreignColumns: [remoteVersions.remote, remoteVersions.version],
    }),
    check('remote_canaries_audience', sql`percent IS NOT NULL OR cardinality(role_ids) > 0`),
  ],
);

/** Load outcomes the console reported, counted per remote, version and hour. */
export const remoteLoadReports = pgTable(
  'remote_load_reports',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    loads: integer('loads').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    lastFailure: text('last_failure'),
  },
  (t) => [
    primaryKey({ columns: [t.remote, t.version, t.hour] }),
    foreignKey({
      name: 'remote_load_reports_published',
      columns: [t.remote, t.version],
      foreignColumns: [remoteVersions.remote, remoteVersions.version],
    }),
    index('remote_load_reports_hour_idx').on(t.hour),
  ],
);

/** Release managers' personal tokens for the release CLI (sha256 only). */
export const releaseTokens = pgTable(
  'release_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('release_tokens_user_idx').on(t.userId, t.createdAt)],
);
