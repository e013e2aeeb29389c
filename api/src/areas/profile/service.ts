import type { Profile } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { UnauthenticatedError } from '../../http/errors';
import { iso, rowsOf } from '../list-helpers';

interface ProfileRow {
  id: string;
  email: string;
  name: string | null;
  role_id: string | null;
  role_name: string | null;
  partner_id: string | null;
  partner_name: string | null;
  last_login_at: string | Date | null;
}

/** The signed-in user's own account (the settings screen's Profile card). */
export function createProfileService(db: Db) {
  async function read(userId: string): Promise<Profile> {
    const [row] = rowsOf<ProfileRow>(
      await db.execute(sql`
        SELECT u.id, u.email, u.name, u.role_id, r.name AS role_name, u.partner_id,
          p.name AS partner_name, u.last_login_at
        FROM users u
        LEFT JOIN roles r ON r.id = u.role_id
        LEFT JOIN partners p ON p.id = u.partner_id
        WHERE u.id = ${userId}::uuid`),
    );
    // The auth hook found the user a moment ago; gone since: signed out.
    if (!row) throw new UnauthenticatedError();
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      roleId: row.role_id,
      roleName: row.role_name,
      partnerId: row.partner_id,
      partnerName: row.partner_name,
      lastLoginDate: row.last_login_at === null ? null : iso(row.last_login_at),
    };
  }

  return {
    read,
    /** Renames the caller (nothing else of the account changes here). */
    async rename(userId: string, name: string | null): Promise<Profile> {
      await db.execute(
        sql`UPDATE users SET name = ${name}, updated_at = now() WHERE id = ${userId}::uuid`,
      );
      return read(userId);
    },
  };
}
