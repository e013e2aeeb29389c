import {
  RESOURCES,
  assignRoleSchema,
  createRoleSchema,
  permissionQuerySchema,
  roleIdQuerySchema,
  roleListSchema,
  setRolePermissionsSchema,
  setRoleUsersSchema,
  updateRoleSchema,
} from '@esim/contracts';
import { route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { ACCESS_MESSAGES } from './messages';
import { staffUserRoutes } from './routes-users';
import { createAccessService } from './service';

const readRoles = { resource: RESOURCES.roles, action: 'GET' } as const;
const createRoles = { resource: RESOURCES.roles, action: 'POST' } as const;
const updateRoles = { resource: RESOURCES.roles, action: 'PUT' } as const;

/**
 * Roles, permissions and users (spec section 7, "Roles" and "Users"). Every change obeys the
 * escalation guard (decision 0023): 403 for granting what the caller does not hold, and for a
 * role or user above the caller.
 */
export const accessRoutes: AreaRoutes = (deps) => {
  const service = createAccessService(deps);
  return [
    route({
      method: 'GET',
      url: 'permission',
      permission: 'signedIn',
      query: permissionQuerySchema,
      summary: "A user's role and permission entries",
      description: "Own e-mail: any signed-in user. Another user's e-mail needs GET on /roles.",
      tags: ['roles'],
      handler: async ({ query, auth }) => ({
        data: await service.getPermissions(query.email, auth),
      }),
    }),
    route({
      method: 'POST',
      url: 'role/list',
      permission: readRoles,
      body: roleListSchema,
      summary: 'Roles, paged, with their user counts',
      tags: ['roles'],
      handler: async ({ body, auth }) => ({ data: await service.listRoles(body, auth) }),
    }),
    route({
      method: 'GET',
      url: 'role',
      permission: readRoles,
      query: roleIdQuerySchema,
      summary: 'One role with its permissions and users',
      tags: ['roles'],
      handler: async ({ query, auth }) => ({ data: await service.getRole(query.id, auth) }),
    }),
    route({
      method: 'POST',
      url: 'role',
      permission: createRoles,
      body: createRoleSchema,
      status: 201,
      summary: 'Create a role',
      description:
        "A name already taken (case-insensitive) is a 409 'Name already existed in the database.'",
      tags: ['roles'],
      handler: async ({ body, auth }) => ({
        data: await service.createRole(body, auth),
        message: ACCESS_MESSAGES.roleCreated,
      }),
    }),
    route({
      method: 'PUT',
      url: 'role',
      permission: updateRoles,
      body: updateRoleSchema,
      summary: 'Rename a role / change its description',
      description:
        'Optimistic concurrency: `version` must be the current one, else 409. A role above the ' +
        'caller (it grants something the caller does not hold) is a 403.',
      tags: ['roles'],
      handler: async ({ body, auth }) => ({
        data: await service.updateRole(body, auth),
        message: ACCESS_MESSAGES.roleUpdated,
      }),
    }),
    route({
      method: 'POST',
      url: 'role/permission',
      permission: updateRoles,
      body: setRolePermissionsSchema,
      summary: "Replace a role's permission entries",
      description:
        "The Administrators role's permissions cannot be changed (422). 403 when an entry grants " +
        'something the caller does not hold as the same or a wider entry, or the role is above ' +
        'the caller.',
      tags: ['roles'],
      handler: async ({ body, auth }) => ({
        data: await service.setRolePermissions(body, auth),
        message: ACCESS_MESSAGES.permissionsSaved,
      }),
    }),
    route({
      method: 'POST',
      url: 'role/user',
      permission: updateRoles,
      body: setRoleUsersSchema,
      summary: "Set a role's users (exactly the listed ones)",
      description:
        '403 when the role, or the current role of a user joining it, is above the caller. ' +
        'An active administrator always remains (422).',
      tags: ['roles'],
      handler: async ({ body, auth }) => ({
        data: await service.setRoleUsers(body, auth),
        message: ACCESS_MESSAGES.usersSaved,
      }),
    }),
    route({
      method: 'POST',
      url: 'role/assign',
      permission: updateRoles,
      body: assignRoleSchema,
      summary: 'Assign a role to users (by id, or by e-mail creating the account)',
      description:
        '403 when the role, or the current role of a listed user, is above the caller. ' +
        'An active administrator always remains (422).',
      tags: ['roles'],
      handler: async ({ body, auth }) => ({
        data: await service.assignRole(body, auth),
        message: ACCESS_MESSAGES.roleAssigned,
      }),
    }),
    ...staffUserRoutes(deps, service),
  ];
};
