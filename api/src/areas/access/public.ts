/** What other areas may use of access: the escalation guard for the accounts they create. */
export { assertRoleWithinReach, assertUsersWithinReach, permissionsOfRoles } from './guard';
