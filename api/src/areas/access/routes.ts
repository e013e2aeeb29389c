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
  userSelectSchema,
  userStatusSchema,
} from '@esim/contracts';
import { actorOf } from '../../audit';
import { route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { ACCESS_MESSAGES, createAccessService } from './service';

const readRoles = { resource: RESOURCES.roles, action: 'GET' } as const;
const createRoles = { resource: RESOURCES.roles, action: 'POST' } as const;
const updateRoles = { resource: RESOURCES.roles, action: 'PUT' } as const;

/** Roles, permissions and users (spec section 7, "Roles" and "Users"). */
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
      handler: async ({ body }) => ({ data: await service.listRoles(body) }),
    }),
    route({
      method: 'GET',
      url: 'role',
      permission: readRoles,
      query: roleIdQuerySchema,
      summary: 'One role with its permissions and users',
      tags: ['roles'],
      handler: async ({ query }) => ({ data: await service.getRole(query.id) }),
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
        data: await service.createRole(body, actorOf(auth)),
        message: ACCESS_MESSAGES.roleCreated,
      }),
    }),
    route({
      method: 'PUT',
      url: 'role',
      permission: updateRoles,
      body: updateRoleSchema,
      summary: 'Rename a role / change its description',
      description: 'Optimistic concurrency: `version` must be the current one, else 409.',
      tags: ['roles'],
      handler: async ({ body, auth }) => ({
        data: await service.updateRole(body, actorOf(auth)),
        message: ACCESS_MESSAGES.roleUpdated,
      }),
    }),
    route({
      method: 'POST',
      url: 'role/permission',
      permission: updateRoles,
      body: setRolePermissionsSchema,
      summary: "Replace a role's permission entries",
      description: "The Administrators role's permissions cannot be changed (422).",
      tags: ['roles'],
      handler: async ({ body, auth }) => ({
        data: await service.setRolePermissions(body, actorOf(auth)),
        message: ACCESS_MESSAGES.permissionsSaved,
      }),
    }),
    route({
      method: 'POST',
      url: 'role/user',
      permission: updateRoles,
      body: setRoleUsersSchema,
      summary: "Set a role's users (exactly the listed ones)",
      tags: ['roles'],
      handler: async ({ body, auth }) => ({
        data: await service.setRoleUsers(body, actorOf(auth)),
        message: ACCESS_MESSAGES.usersSaved,
      }),
    }),
    route({
      method: 'POST',
      url: 'role/assign',
      permission: updateRoles,
      body: assignRoleSchema,
      summary: 'Assign a role to users (by id, or by e-mail creating the account)',
      tags: ['roles'],
      handler: async ({ body, auth }) => ({
        data: await service.assignRole(body, actorOf(auth)),
        message: ACCESS_MESSAGES.roleAssigned,
      }),
    }),
    route({
      method: 'GET',
      url: 'user/select',
      permission: readRoles,
      query: userSelectSchema,
      summary: 'Active users as options { value: id, label: email }',
      tags: ['users'],
      handler: async ({ query }) => ({ data: await service.selectUsers(query) }),
    }),
    route({
      method: 'POST',
      url: 'user/select',
      permission: readRoles,
      body: userSelectSchema,
      summary: 'Active users as options { value: id, label: email }',
      tags: ['users'],
      handler: async ({ body }) => ({ data: await service.selectUsers(body) }),
    }),
    route({
      method: 'PUT',
      url: 'user/status',
      permission: { resource: RESOURCES.users, action: 'PUT' },
      body: userStatusSchema,
      summary: 'Enable or disable a user (disabling ends all of their sessions)',
      tags: ['users'],
      handler: async ({ body, auth }) => ({
        data: await service.setUserStatus(body, auth),
        message: ACCESS_MESSAGES.userStatusSaved,
      }),
    }),
  ];
};
