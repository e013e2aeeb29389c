import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RESOURCES, type StaffUser } from '@esim/contracts';
import { usePermission, usePermissionStore } from '@esim/platform';
import { useConfirmedAction } from '@esim/ui';
import { staffUserMutations } from '../mutations';

/**
 * Disable / enable a staff account after a confirmation (PUT user/status; disabling ends their
 * sessions). `allowed(user)`: the signed-in user holds PUT on /users, the account is not above
 * them (the API's `editable`) and is not their own.
 */
export function useUserStatusAction() {
  const { t } = useTranslation('roles');
  const queryClient = useQueryClient();
  const mayChange = usePermission(RESOURCES.users, 'PUT');
  const ownEmail = usePermissionStore((state) => state.email);
  const mutation = useMutation(staffUserMutations.status(queryClient));
  const action = useConfirmedAction({
    question: (user: StaffUser) =>
      user.status === 'active'
        ? {
            title: t('users.disableTitle', { email: user.email }),
            description: t('users.disableDescription'),
            confirmText: t('users.disable'),
            danger: true,
          }
        : {
            title: t('users.enableTitle', { email: user.email }),
            description: t('users.enableDescription'),
            confirmText: t('users.enable'),
            danger: false,
          },
    action: (user: StaffUser) =>
      mutation.mutateAsync({
        id: user.id,
        status: user.status === 'active' ? 'inactive' : 'active',
      }),
  });
  return {
    ...action,
    /** Whether the button is shown for this account. */
    shown: (user: StaffUser) => mayChange && user.email !== ownEmail,
    /** Whether it can be pressed (false: the account's role is above the signed-in user's). */
    allowed: (user: StaffUser) => user.editable !== false,
  };
}
