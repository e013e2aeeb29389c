import * as v from 'valibot';
import { listQuerySchema } from './api';
import { MAX_LENGTH, emailField, optionalText, requiredText } from './fields';
import { encodeMessage } from './messages';
import type { NotificationTagRecord } from './notifications';
import { PERMISSION_METHODS, RESOURCES, type PermissionEntry, type Resource } from './permissions';
import { safeString } from './text-safety';

/*
 * Calls of the roles & permissions area (/api/mng/role*, permission, user/*) and the generic
 * list call (utils/model/list). The console's forms and the API validate with these same schemas.
 */

const RESOURCE_PATHS: readonly string[] = Object.values(RESOURCES);

/** A grantable permission path: '*', a resource path, or a resource path + '/*' (the resource and below). */
export function isPermissionPath(path: string): boolean {
  if (path === '*') return true;
  const base = path.endsWith('/*') ? path.slice(0, -2) : path;
  return RESOURCE_PATHS.includes(base);
}

const idField = (name: string) =>
  v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.maxLength(
      MAX_LENGTH.default,
      encodeMessage('maxLength', { name, length: MAX_LENGTH.default }),
    ),
  );

const userIdField = v.pipe(
  safeString(encodeMessage('validType', { name: 'user', type: 'string' })),
  v.uuid(encodeMessage('invalidFormat', { format: 'user id' })),
);

const versionField = v.pipe(
  v.number(encodeMessage('required', { name: 'version' })),
  v.integer(encodeMessage('integer', { name: 'version' })),
  v.minValue(1, encodeMessage('invalidFormat', { format: 'version' })),
);

// ---------------------------------------------------------------- roles

export const ROLE_SORT_COLUMNS = ['name', 'userCount', 'createdDate', 'updatedDate'] as const;
export type RoleSortColumn = (typeof ROLE_SORT_COLUMNS)[number];

/** POST role/list body. */
export const roleListSchema = listQuerySchema(ROLE_SORT_COLUMNS);
export type RoleListQuery = v.InferInput<typeof roleListSchema>;

export interface RoleListItem {
  id: string;
  name: string;
  description: string | null;
  userCount: number;
  /** The first three active users' e-mails (alphabetical); the list shows "+N" for the rest. */
  userEmails: string[];
  version: number;
  createdDate: string;
  updatedDate: string;
  /**
   * Whether the caller may change this role's permissions: false for the Administrators role and
   * for a role above the caller (it grants something the caller does not hold, decision 0023).
   */
  editable: boolean;
  /**
   * Whether the caller may rename the role, set its users or assign it: false for a role above
   * the caller (the Administrators role is assignable by those who hold '*').
   */
  assignable: boolean;
}

/** GET role?id= */
export const roleIdQuerySchema = v.object({ id: idField('roleId') });

export interface RoleUser {
  id: string;
  email: string;
  status: 'active' | 'inactive';
}

export interface RoleDetail extends Omit<RoleListItem, 'userCount' | 'userEmails'> {
  permissions: PermissionEntry[];
  users: RoleUser[];
}

/** POST role (create). */
export const createRoleSchema = v.object({
  name: requiredText('roleName'),
  description: optionalText('description', MAX_LENGTH.description),
});
export type CreateRoleInput = v.InferInput<typeof createRoleSchema>;

/** PUT role (update); `version` is the one the form loaded: a stale version is a 409. */
export const updateRoleSchema = v.object({
  id: idField('roleId'),
  name: requiredText('roleName'),
  description: optionalText('description', MAX_LENGTH.description),
  version: versionField,
});
export type UpdateRoleInput = v.InferInput<typeof updateRoleSchema>;

const permissionEntrySchema = v.object({
  path: v.pipe(
    safeString(encodeMessage('required', { name: 'path' })),
    v.trim(),
    v.check(isPermissionPath, encodeMessage('invalidFormat', { format: 'permission path' })),
  ),
  methods: v.pipe(
    v.array(v.picklist(PERMISSION_METHODS, encodeMessage('invalidFormat', { format: 'method' }))),
    v.minLength(1, encodeMessage('required', { name: 'methods' })),
  ),
});

/** POST role/permission: replaces the role's permission entries. */
export const setRolePermissionsSchema = v.object({
  roleId: idField('roleId'),
  permissions: v.pipe(
    v.array(permissionEntrySchema),
    v.check(
      (entries) => new Set(entries.map((entry) => entry.path)).size === entries.length,
      encodeMessage('duplicate', { name: 'path' }),
    ),
  ),
  version: v.optional(versionField),
});
export type SetRolePermissionsInput = v.InferInput<typeof setRolePermissionsSchema>;

/**
 * POST role/user: the role's users become exactly `userIds` (users taken out have no role).
 * Membership is not part of the role's version (only name, description and permissions are).
 */
export const setRoleUsersSchema = v.object({
  roleId: idField('roleId'),
  userIds: v.pipe(v.array(userIdField), v.maxLength(1000)),
});
export type SetRoleUsersInput = v.InferInput<typeof setRoleUsersSchema>;

/**
 * POST role/assign: gives the role to the listed users (they leave their previous role).
 * `emails` of people without an account create the account (active) with that role.
 */
export const assignRoleSchema = v.pipe(
  v.object({
    roleId: idField('roleId'),
    userIds: v.optional(v.pipe(v.array(userIdField), v.maxLength(1000)), []),
    emails: v.optional(v.pipe(v.array(emailField()), v.maxLength(1000)), []),
  }),
  v.forward(
    v.check(
      (input) => input.userIds.length + input.emails.length > 0,
      encodeMessage('required', { name: 'users' }),
    ),
    ['userIds'],
  ),
);
export type AssignRoleInput = v.InferInput<typeof assignRoleSchema>;

export interface AssignRoleResult {
  roleId: string;
  users: RoleUser[];
  created: number;
}

// ---------------------------------------------------------------- permissions & users

/** GET permission?email= */
export const permissionQuerySchema = v.object({ email: emailField() });

/** GET user/select (query) or POST user/select (body). */
export const userSelectSchema = v.object({
  search: v.optional(v.pipe(safeString(), v.trim(), v.maxLength(MAX_LENGTH.default))),
  roleId: v.optional(idField('roleId')),
  limit: v.optional(
    v.pipe(
      v.unknown(),
      v.transform(Number),
      v.integer(encodeMessage('integer', { name: 'limit' })),
      v.minValue(1),
      v.maxValue(500),
    ),
    100,
  ),
});
export type UserSelectQuery = v.InferInput<typeof userSelectSchema>;

export interface UserOption {
  value: string;
  label: string;
}

export const USER_STATUS_VALUES = ['active', 'inactive'] as const;

/** PUT user/status: disabling a user also ends all of their sessions. */
export const userStatusSchema = v.object({
  id: userIdField,
  status: v.picklist(USER_STATUS_VALUES, encodeMessage('invalidFormat', { format: 'status' })),
});
export type UserStatusInput = v.InferInput<typeof userStatusSchema>;

// ---------------------------------------------------------------- staff users

export const STAFF_USER_SORT_COLUMNS = [
  'email',
  'name',
  'roleName',
  'status',
  'lastLoginDate',
  'createdDate',
] as const;
export type StaffUserSortColumn = (typeof STAFF_USER_SORT_COLUMNS)[number];

/** POST user/list body: the console's staff accounts (GET on /users). */
export const staffUserListSchema = v.object({
  ...listQuerySchema(STAFF_USER_SORT_COLUMNS).entries,
  roleId: v.optional(idField('roleId')),
  status: v.optional(
    v.picklist(USER_STATUS_VALUES, encodeMessage('invalidFormat', { format: 'status' })),
  ),
});
export type StaffUserListQuery = v.InferInput<typeof staffUserListSchema>;

/** A staff account as the users screen lists it. */
export interface StaffUser {
  id: string;
  email: string;
  name: string | null;
  status: 'active' | 'inactive';
  roleId: string | null;
  roleName: string | null;
  /** The partner whose admin this is (partner accounts), else null. */
  partnerName: string | null;
  /** Last successful sign-in, ISO; null when the user never signed in. */
  lastLoginDate: string | null;
  createdDate: string;
  /**
   * Whether the caller may disable/enable the account or change its role: false when its role is
   * above the caller's (grants something the caller does not hold, decision 0023).
   */
  editable: boolean;
}

/** GET user?id= */
export const staffUserIdQuerySchema = v.object({ id: userIdField });

/**
 * POST user (POST on /users): invite a staff member by e-mail with a role. The account is created
 * active; an invitation mail tells them to sign in at the console with a one-time password.
 * An e-mail that already has an account is a 409 'Name already existed in the database.'
 */
export const inviteStaffUserSchema = v.object({
  email: emailField(),
  name: optionalText('name', MAX_LENGTH.default),
  roleId: idField('roleId'),
});
export type InviteStaffUserInput = v.InferInput<typeof inviteStaffUserSchema>;

// ---------------------------------------------------------------- utils/model/list

type FilterType = 'string' | 'number' | 'boolean';

/** The collections utils/model/list serves, with the fields it returns and the filters it accepts. */
export const MODEL_COLLECTIONS = {
  countries: { fields: ['code', 'nameEnglish'], filters: { code: 'string' } },
  residenceCountries: { fields: ['code', 'nameEnglish'], filters: { code: 'string' } },
  roundCurrency: {
    fields: ['isoCode', 'name', 'minorUnits', 'deleteFlag', 'isDefault'],
    filters: { isoCode: 'string', deleteFlag: 'boolean', isDefault: 'boolean' },
  },
  paymentMethods: { fields: ['id', 'name'], filters: { id: 'number', name: 'string' } },
  tax: {
    fields: ['id', 'name', 'rate', 'isDefault'],
    filters: { id: 'number', name: 'string', isDefault: 'boolean' },
  },
  // Records of an area: only for callers who may read that area (MODEL_COLLECTION_RESOURCES);
  // partners within the caller's partner scope.
  branches: {
    fields: ['id', 'code', 'name', 'target', 'countryCode'],
    filters: { code: 'string', target: 'string', countryCode: 'string' },
  },
  branchItems: {
    fields: ['id', 'branchId', 'countryCode', 'legalName'],
    filters: { branchId: 'string', countryCode: 'string' },
  },
  partners: {
    fields: ['id', 'code', 'name', 'target', 'prefix'],
    filters: { code: 'string', target: 'string' },
  },
  // The fixed tags of notices (notifications.ts); the console labels them per language.
  notificationsTag: { fields: ['code', 'sortOrder'], filters: { code: 'string' } },
} as const satisfies Record<
  string,
  { fields: readonly string[]; filters: Record<string, FilterType> }
>;

export type ModelCollection = keyof typeof MODEL_COLLECTIONS;

/** Collections that are an area's records: reading them needs GET on the area. */
export const MODEL_COLLECTION_RESOURCES: Partial<Record<ModelCollection, Resource>> = {
  branches: RESOURCES.branches,
  branchItems: RESOURCES.branches,
  partners: RESOURCES.partners,
};
export const MODEL_COLLECTION_NAMES = Object.keys(MODEL_COLLECTIONS) as [
  ModelCollection,
  ...ModelCollection[],
];

export interface CountryRecord {
  code: string;
  nameEnglish: string;
}
export interface CurrencyRecord {
  isoCode: string;
  name: string;
  minorUnits: number;
  deleteFlag: boolean;
  isDefault: boolean;
}
export interface PaymentMethodRecord {
  id: number;
  name: string;
}
export interface TaxRecord {
  id: number;
  name: string;
  rate: number;
  isDefault: boolean;
}
export interface BranchRecord {
  id: string;
  code: string;
  name: string;
  target: string;
  countryCode: string;
}
export interface BranchItemRecord {
  id: string;
  branchId: string;
  countryCode: string;
  legalName: string;
}
export interface PartnerRecord {
  id: string;
  code: string;
  name: string;
  target: string;
  prefix: string | null;
}
export interface ModelRecords {
  branches: BranchRecord;
  branchItems: BranchItemRecord;
  partners: PartnerRecord;
  countries: CountryRecord;
  residenceCountries: CountryRecord;
  roundCurrency: CurrencyRecord;
  paymentMethods: PaymentMethodRecord;
  tax: TaxRecord;
  notificationsTag: NotificationTagRecord;
}

function fieldsAllowed(
  collection: ModelCollection,
  fields: readonly string[] | undefined,
): boolean {
  const allowed: readonly string[] = MODEL_COLLECTIONS[collection].fields;
  return (fields ?? []).every((field) => allowed.includes(field));
}

function filtersAllowed(
  collection: ModelCollection,
  filters: Record<string, string | number | boolean> | undefined,
): boolean {
  const allowed: Record<string, FilterType> = MODEL_COLLECTIONS[collection].filters;
  return Object.entries(filters ?? {}).every(
    ([key, value]) => Object.hasOwn(allowed, key) && typeof value === allowed[key],
  );
}

/** POST utils/model/list body. Unknown collections, fields or filters are validation errors. */
export const modelListSchema = v.pipe(
  v.object({
    collection: v.picklist(
      MODEL_COLLECTION_NAMES,
      encodeMessage('invalidFormat', { format: 'collection' }),
    ),
    filters: v.optional(
      v.record(
        v.pipe(safeString(), v.maxLength(50)),
        v.union([v.pipe(safeString(), v.maxLength(MAX_LENGTH.default)), v.number(), v.boolean()]),
      ),
    ),
    fields: v.optional(v.pipe(v.array(v.pipe(safeString(), v.maxLength(50))), v.maxLength(20))),
  }),
  v.forward(
    v.check(
      (input) => fieldsAllowed(input.collection, input.fields),
      encodeMessage('invalidFormat', { format: 'fields' }),
    ),
    ['fields'],
  ),
  v.forward(
    v.check(
      (input) => filtersAllowed(input.collection, input.filters),
      encodeMessage('invalidFormat', { format: 'filters' }),
    ),
    ['filters'],
  ),
);
export type ModelListInput = v.InferInput<typeof modelListSchema>;
