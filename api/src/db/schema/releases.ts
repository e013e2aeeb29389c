import {
  bigint,
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** One shared package a remote version requires (its mf-manifest.json `shared[]`). */
export interface SharedRequirement {
  package: string;
  required: string;
}

/**
 * Published versions of each remote (api/drizzle/0004_releases.sql). Never deleted; only the
 * facts 0025 added (entry hash, shared requirements) are filled in once for older versions.
 */
export const remoteVersions = pgTable(
  'remote_versions',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    /** sha256 (hex) of the version's mf-manifest.json. */
    manifestHash: text('manifest_hash').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: text('published_by').notNull(),
    /** sha256 (hex) of the remote entry as published; null before 0025 until a pin checks it. */
    entryHash: text('entry_hash'),
    /** The shared packages its manifest requires; null before 0025. */
    sharedRequirements: jsonb('shared_requirements').$type<SharedRequirement[]>(),
  },
  (t) => [unique('remote_versions_remote_version_unique').on(t.remote, t.version)],
);

/** The version the console loads for each remote. */
export const remotePins = pgTable(
  'remote_pins',
  {
    remote: text('remote').primaryKey(),
    version: text('version').notNull(),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
    pinnedBy: text('pinned_by').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'remote_pins_published',
      columns: [t.remote, t.version],
      foreignColumns: [remoteVersions.remote, remoteVersions.version],
    }),
  ],
);

export const PIN_ACTIONS = ['pin', 'rollback'] as const;
export type PinAction = (typeof PIN_ACTIONS)[number];

/** Every pin change: who, when, from, to, why. */
export const remotePinHistory = pgTable(
  'remote_pin_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    remote: text('remote').notNull(),
    /** Null for the first pin of a remote. */
    fromVersion: text('from_version'),
    toVersion: text('to_version').notNull(),
    action: text('action', { enum: PIN_ACTIONS }).notNull().default('pin'),
    pinnedBy: text('pinned_by').notNull(),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason'),
    /** The pin overrode the compatibility gate. */
    forced: boolean('forced').notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: 'remote_pin_history_published',
      columns: [t.remote, t.toVersion],
      foreignColumns: [remoteVersions.remote, remoteVersions.version],
    }),
    index('remote_pin_history_remote_idx').on(t.remote, t.id),
  ],
);
