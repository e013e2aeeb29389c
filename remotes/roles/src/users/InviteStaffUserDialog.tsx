import { Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH, inviteStaffUserSchema, type StaffUser } from '@esim/contracts';
import { FormDialog, FormSelectField, FormTextField, useValibotForm } from '@esim/ui';
import { roleOptionsQuery } from '../api';
import { staffUserMutations } from '../mutations';

const FIELDS = ['email', 'name', 'roleId'] as const;

/**
 * Invite a staff member (POST user): e-mail, name and a role the signed-in user may assign. The
 * account is created active and an invitation mail tells them how to sign in; an e-mail that has
 * an account already is the 409's field error on the e-mail.
 */
export function InviteStaffUserDialog({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved?: (user: StaffUser) => void;
}) {
  const { t } = useTranslation('roles');
  const queryClient = useQueryClient();
  const roles = useQuery(roleOptionsQuery());
  const form = useValibotForm(inviteStaffUserSchema, { defaultValues: { email: '', name: '' } });
  const mutation = useMutation(staffUserMutations.invite(queryClient));
  return (
    <FormDialog
      form={form}
      title={t('invite.title')}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onSaved={onSaved}
      onClose={onClose}
      serverFields={FIELDS}
      submitText={t('invite.submit')}
      submitTestId="invite-submit"
      testId="invite-form"
    >
      <Typography.Paragraph type="secondary">{t('invite.help')}</Typography.Paragraph>
      <FormTextField
        control={form.control}
        name="email"
        type="email"
        label={t('fields.email')}
        maxLength={MAX_LENGTH.long}
        autoComplete="off"
        required
      />
      <FormTextField
        control={form.control}
        name="name"
        label={t('fields.userName')}
        maxLength={MAX_LENGTH.default}
      />
      <FormSelectField
        control={form.control}
        name="roleId"
        label={t('fields.role')}
        placeholder={t('assign.rolePlaceholder')}
        required
        showSearch
        loading={roles.isLoading}
        options={(roles.data ?? [])
          .filter((role) => role.assignable !== false)
          .map((role) => ({ value: role.id, label: role.name }))}
      />
    </FormDialog>
  );
}
