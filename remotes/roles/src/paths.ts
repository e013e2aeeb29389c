/** The area's routes (manifest.ts) as links. */
export const ROLE_LIST_PATH = '/roles';
export const ROLE_REGISTER_PATH = '/roles/register';
export const ROLE_ASSIGN_PATH = '/roles/assign';
export const STAFF_USERS_PATH = '/roles/users';
export const STAFF_USER_DETAIL_PATH = '/roles/users/detail';

/** A role opens on the role setting screen itself: /roles?id= (reloadable, shareable). */
export const roleDetailPath = (id: string) => `${ROLE_LIST_PATH}?id=${encodeURIComponent(id)}`;
export const staffUserDetailPath = (id: string) =>
  `${STAFF_USER_DETAIL_PATH}?id=${encodeURIComponent(id)}`;
