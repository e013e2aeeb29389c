import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { setRoleUsersSchema, type RoleDetail } from '@esim/contracts';
import { FormDialog, FormSelectField, useValibotForm } from '@esim/ui';
import { roleMutations } from '../mutations';
import { useUserOptions } from './useUserOptions';

/** The role's users, chosen by e-mail (POST role/user: exactly these users hold it afterwards). */
export function RoleUsersDialog({ role, onClose }: { role: RoleDetail; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const queryClient = useQueryClient();
  const form = useValibotForm(setRoleUsersSchema, {
    defaultValues: { roleId: role.id, userIds: role.users.map((user) => user.id) },
  });
  const mutation = useMutation(roleMutations.users(queryClient));
  const chosen = form.watch('userIds');
  const known = useMemo(
    () => role.users.map((user) => ({ value: user.id, label: user.email })),
    [role.users],
  );
  const users = useUserOptions(chosen ?? [], known);
  return (
    <FormDialog
      form={form}
      title={t('roleUsers.dialogTitle', { name: role.name })}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onClose={onClose}
      serverFields={['userIds']}
      submitText={t('roleUsers.save')}
      submitTestId="role-users-save"
      testId="role-users-form"
      width={640}
    >
      <FormSelectField
        control={form.control}
        name="userIds"
        label={t('roleUsers.picker')}
        mode="multiple"
        placeholder={t('roleUsers.pickerPlaceholder')}
        options={users.options}
        onSearch={users.onSearch}
        loading={users.loading}
        extra={t('roleUsers.pickerHelp')}
      />
    </FormDialog>
  );
}
