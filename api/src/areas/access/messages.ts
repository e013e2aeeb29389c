import { defineApiMessages } from '@esim/contracts';

/** What the roles & users calls answer (apiMessages:access.*, translated in locales/<lng>). */
export const ACCESS_MESSAGES = defineApiMessages('access', {
  roleCreated: 'Role created.',
  roleUpdated: 'Role updated.',
  permissionsSaved: 'Permissions saved.',
  usersSaved: 'Users saved.',
  roleAssigned: 'Role assigned.',
  userStatusSaved: 'User status updated.',
  lastAdministrator: 'At least one active user must keep the Administrators role.',
  administratorsPermissions: "The Administrators role's permissions cannot be changed.",
  ownAccount: 'You cannot disable your own account.',
  grantBeyondYours: 'You cannot grant permissions that you do not have yourself.',
  roleAboveYours:
    'This role has permissions that you do not have, so you cannot change or assign it.',
  userAboveYours:
    "This user's role has permissions that you do not have, so you cannot change their account or role.",
  invitationSent: 'Invitation sent.',
  invitationNotSent:
    'The invitation e-mail could not be sent, so the account was not created. Try again later.',
});
