import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config';
import type { Database } from './client';

/**
 * Versioned SQL files, applied in name order, each once, recorded in schema_migrations.
 * Resolved from the repository root so the same path works from src/ (tsx) and dist/ (bundle).
 */
export const MIGRATIONS_DIR = path.resolve(repoRoot, process.env.MIGRATIONS_DIR ?? 'api/drizzle');

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

// Arbitrary constant: replicas starting together take turns migrating.
const MIGRATION_LOCK_ID = 7_202_611;

export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = listMigrations(dir);
  return database.withConnection(async (query) => {
    await query(`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           name text PRIMARY KEY,
           applied_at timestamptz NOT NULL DEFAULT now()
         )`,
      );
      const applied = new Set(
        (await query('SELECT name FROM schema_migrations')).map((row) => String(row.name)),
      );
      const newlyApplied: string[] = [];
      for (const migration of migrations) {
        if (applied.has(migration.name)) continue;
        await query('BEGIN');
        try {
          await query(migration.sql);
          await query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
          await query('COMMIT');
        } catch (error) {
          await query('ROLLBACK');
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
        }
        newlyApplied.push(migration.name);
      }
      return newlyApplied;
    } finally {
      await query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  });
}
