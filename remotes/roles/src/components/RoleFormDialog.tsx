import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH, updateRoleSchema, type RoleDetail } from '@esim/contracts';
import { FormDialog, FormTextField, useValibotForm } from '@esim/ui';
import { roleQuery } from '../api';
import { roleMutations } from '../mutations';

export const ROLE_FORM_FIELDS = ['name', 'description'] as const;

const valuesOf = (role: RoleDetail) => ({
  id: role.id,
  name: role.name,
  description: role.description ?? '',
  version: role.version,
});

/** Rename a role / change its description (PUT role with the version shown; 409: Reload). */
export function RoleFormDialog({ role, onClose }: { role: RoleDetail; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const queryClient = useQueryClient();
  const form = useValibotForm(updateRoleSchema, { defaultValues: valuesOf(role) });
  const mutation = useMutation(roleMutations.update(queryClient));

  /** Loads the role as it is now; the user's unsaved edits are dropped. */
  const reload = async () => {
    const now = await queryClient.fetchQuery({ ...roleQuery(role.id), staleTime: 0 });
    form.reset(valuesOf(now));
  };

  return (
    <FormDialog
      form={form}
      title={t('form.editTitle', { name: role.name })}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onClose={onClose}
      onReload={reload}
      serverFields={ROLE_FORM_FIELDS}
      submitText={t('form.save')}
      submitTestId="role-form-save"
      testId="role-form"
      conflictAlert={{
        title: t('form.conflictTitle'),
        description: t('form.conflictDescription'),
        testId: 'role-conflict',
      }}
    >
      <FormTextField
        control={form.control}
        name="name"
        label={t('fields.name')}
        maxLength={MAX_LENGTH.default}
        required
      />
      <FormTextField
        control={form.control}
        name="description"
        label={t('fields.description')}
        maxLength={MAX_LENGTH.description}
        rows={3}
      />
    </FormDialog>
  );
}
