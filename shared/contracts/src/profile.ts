import * as v from 'valibot';
import { MAX_LENGTH } from './fields';
import { defineApiMessages, encodeMessage } from './messages';
import { safeString, toNfc } from './text-safety';

/*
 * The signed-in user's own profile (the settings screen's Profile card; issue 18). Permission:
 * signed in (everyone reads and renames themselves; nothing else of the account changes here).
 *
 *   GET profile        -> Profile
 *   PUT profile        { name } -> Profile (message 'Profile updated.')
 */

export const PROFILE_MESSAGES = defineApiMessages('profile', {
  updated: 'Profile updated.',
});

/** PUT profile: the display name; '' or null clears it. */
export const updateProfileSchema = v.object({
  name: v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'name', type: 'string' })),
      v.trim(),
      toNfc(),
      v.maxLength(
        MAX_LENGTH.default,
        encodeMessage('maxLength', { name: 'name', length: MAX_LENGTH.default }),
      ),
      v.transform((name): string | null => (name === '' ? null : name)),
    ),
    null,
  ),
});
export type UpdateProfileInput = v.InferInput<typeof updateProfileSchema>;

export interface Profile {
  id: string;
  email: string;
  name: string | null;
  roleId: string | null;
  roleName: string | null;
  /** The partner whose staff account this is; null for the reseller's staff. */
  partnerId: string | null;
  partnerName: string | null;
  /** The latest sign-in (ISO), null before the first. */
  lastLoginDate: string | null;
}
