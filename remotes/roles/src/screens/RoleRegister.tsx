import { Card, Flex, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MAX_LENGTH, createRoleSchema } from '@esim/contracts';
import { BackLink, FormPanel, FormTextField, useValibotForm } from '@esim/ui';
import { ROLE_FORM_FIELDS } from '../components/RoleFormDialog';
import { roleMutations } from '../mutations';
import { ROLE_LIST_PATH, roleDetailPath } from '../paths';

/**
 * /roles/register (Create new role): name and description, then the new role opens with its
 * (empty) permission matrix. A name already taken is the 409's field error on the name.
 */
export function RoleRegisterScreen() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useValibotForm(createRoleSchema, { defaultValues: { name: '', description: '' } });
  const mutation = useMutation(roleMutations.create(queryClient));
  return (
    <Flex vertical gap="middle" data-testid="area-screen" data-screen="role-register">
      <BackLink to={ROLE_LIST_PATH} label={t('detail.back')} />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('register.title')}
      </Typography.Title>
      <Card style={{ maxWidth: 720 }}>
        <Typography.Paragraph type="secondary">{t('register.intro')}</Typography.Paragraph>
        <FormPanel
          form={form}
          onSubmit={(values) => mutation.mutateAsync(values)}
          onSaved={(created) => void navigate(roleDetailPath(created.id))}
          onCancel={() => void navigate(ROLE_LIST_PATH)}
          serverFields={ROLE_FORM_FIELDS}
          submitText={t('register.submit')}
          submitTestId="role-create"
          testId="role-register-form"
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
        </FormPanel>
      </Card>
    </Flex>
  );
}

export default RoleRegisterScreen;
