import {
  RESOURCES,
  inviteStaffUserSchema,
  staffUserIdQuerySchema,
  staffUserListSchema,
  userSelectSchema,
  userStatusSchema,
} from '@esim/contracts';
import { route, type RouteDefinition } from '../../http/define-route';
import type { AreaDeps } from '../types';
import { ACCESS_MESSAGES } from './messages';
import type { AccessService } from './service';
import { createStaffUserService } from './staff-users';

const readRoles = { resource: RESOURCES.roles, action: 'GET' } as const;
const readUsers = { resource: RESOURCES.users, action: 'GET' } as const;

/** The staff accounts (spec section 7, "Users") and the user picker of the role screens. */
export function staffUserRoutes(deps: AreaDeps, access: AccessService): RouteDefinition[] {
  const service = createStaffUserService(deps);
  return [
    route({
      method: 'GET',
      url: 'user/select',
      permission: readRoles,
      query: userSelectSchema,
      summary: 'Active users as options { value: id, label: email }',
      tags: ['users'],
      handler: async ({ query }) => ({ data: await access.selectUsers(query) }),
    }),
    route({
      method: 'POST',
      url: 'user/select',
      permission: readRoles,
      body: userSelectSchema,
      summary: 'Active users as options { value: id, label: email }',
      tags: ['users'],
      handler: async ({ body }) => ({ data: await access.selectUsers(body) }),
    }),
    route({
      method: 'POST',
      url: 'user/list',
      permission: readUsers,
      body: staffUserListSchema,
      summary: 'Staff accounts, paged, sorted and filtered, with role, partner and last sign-in',
      description:
        'search: e-mail or name contains; roleId, status; from/to: created in the range. ' +
        'Default sort: email. Empty values (no name, role, sign-in) sort last either way.',
      tags: ['users'],
      handler: async ({ body, auth }) => ({ data: await service.list(body, auth) }),
    }),
    route({
      method: 'GET',
      url: 'user',
      permission: readUsers,
      query: staffUserIdQuerySchema,
      summary: 'One staff account',
      tags: ['users'],
      handler: async ({ query, auth }) => ({ data: await service.get(query.id, auth) }),
    }),
    route({
      method: 'POST',
      url: 'user',
      permission: { resource: RESOURCES.users, action: 'POST' },
      body: inviteStaffUserSchema,
      status: 201,
      summary: 'Invite a staff member: the active account with a role, and an invitation e-mail',
      description:
        "An e-mail that has an account is a 409 'Name already existed in the database.' (field " +
        'email); a role above the caller is a 403. The invitation (English and Japanese) names ' +
        'the console URL; when it cannot be sent nothing is kept (502).',
      tags: ['users'],
      handler: async ({ body, auth }) => ({
        data: await service.invite(body, auth),
        message: ACCESS_MESSAGES.invitationSent,
      }),
    }),
    route({
      method: 'PUT',
      url: 'user/status',
      permission: { resource: RESOURCES.users, action: 'PUT' },
      body: userStatusSchema,
      summary: 'Enable or disable a user (disabling ends all of their sessions)',
      description:
        '403 for a user whose role is above the caller; 422 for the own account or the last ' +
        'active administrator.',
      tags: ['users'],
      handler: async ({ body, auth }) => ({
        data: await service.setStatus(body, auth),
        message: ACCESS_MESSAGES.userStatusSaved,
      }),
    }),
  ];
}
