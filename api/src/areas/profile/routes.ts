import { PROFILE_MESSAGES, updateProfileSchema } from '@esim/contracts';
import { route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { createProfileService } from './service';

/** The signed-in user's profile (settings screen; docs/notifications.md, issue 18). */
export const profileRoutes: AreaRoutes = ({ db }) => {
  const service = createProfileService(db);
  return [
    route({
      method: 'GET',
      url: 'profile',
      permission: 'signedIn',
      summary: "The caller's e-mail, name, role, partner and last sign-in",
      tags: ['profile'],
      handler: async ({ auth }) => ({ data: await service.read(auth.userId) }),
    }),
    route({
      method: 'PUT',
      url: 'profile',
      permission: 'signedIn',
      body: updateProfileSchema,
      summary: "Change the caller's display name ('' or null clears it)",
      tags: ['profile'],
      handler: async ({ body, auth }) => ({
        data: await service.rename(auth.userId, body.name),
        message: PROFILE_MESSAGES.updated,
      }),
    }),
  ];
};
