import { Button, Card, Flex, List, Result, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignRoleSchema, type AssignRoleResult } from '@esim/contracts';
import { BackLink, FormPanel, FormSelectField, useValibotForm } from '@esim/ui';
import { roleOptionsQuery } from '../api';
import { UserStatusTag } from '../components/UserStatusTag';
import { useUserOptions } from '../components/useUserOptions';
import { roleMutations } from '../mutations';
import { ROLE_LIST_PATH } from '../paths';

const EMPTY = { userIds: [] as string[], emails: [] as string[] };

/**
 * /roles/assign (Assign permission): a role the user may assign, given to existing users and/or
 * to e-mail addresses (an account is created for an address without one), after a confirmation;
 * then what happened: the users who hold it now and the accounts created.
 */
export function RoleAssignScreen() {
  const { t } = useTranslation('roles');
  const queryClient = useQueryClient();
  const roles = useQuery(roleOptionsQuery());
  const assignable = (roles.data ?? []).filter((role) => role.assignable !== false);
  const form = useValibotForm(assignRoleSchema, { defaultValues: EMPTY });
  const chosen = form.watch('userIds');
  const users = useUserOptions(chosen ?? []);
  const mutation = useMutation(roleMutations.assign(queryClient));
  const [result, setResult] = useState<AssignRoleResult | null>(null);
  const roleName = (roleId: string) => roles.data?.find((role) => role.id === roleId)?.name ?? '';

  return (
    <Flex vertical gap="middle" data-testid="area-screen" data-screen="role-assign">
      <BackLink to={ROLE_LIST_PATH} label={t('detail.back')} />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('assign.title')}
      </Typography.Title>
      {result ? (
        <Card style={{ maxWidth: 720 }} data-testid="assign-result">
          <Result
            status="success"
            title={t('assign.resultTitle', { role: roleName(result.roleId) })}
            subTitle={
              <>
                <div data-testid="assign-result-users">
                  {t('assign.resultUsers', { count: result.users.length })}
                </div>
                <div data-testid="assign-result-created">
                  {t('assign.resultCreated', { count: result.created })}
                </div>
              </>
            }
            extra={
              <Button
                type="primary"
                onClick={() => {
                  form.reset(EMPTY);
                  setResult(null);
                }}
                autoInsertSpace={false}
                data-testid="assign-again"
              >
                {t('assign.again')}
              </Button>
            }
          />
          <List
            size="small"
            dataSource={result.users}
            renderItem={(user) => (
              <List.Item key={user.id} extra={<UserStatusTag status={user.status} />}>
                {user.email}
              </List.Item>
            )}
          />
        </Card>
      ) : (
        <Card style={{ maxWidth: 720 }}>
          <Typography.Paragraph type="secondary">{t('assign.intro')}</Typography.Paragraph>
          <FormPanel
            form={form}
            onSubmit={(values) => mutation.mutateAsync(values)}
            onSaved={setResult}
            confirmSubmit={(values) => ({
              title: t('assign.confirmTitle', { role: roleName(values.roleId) }),
              description: t('assign.confirmDescription', {
                count: values.userIds.length + values.emails.length,
              }),
              confirmText: t('assign.submit'),
              danger: false,
            })}
            serverFields={['roleId', 'userIds', 'emails']}
            submitText={t('assign.submit')}
            submitTestId="assign-submit"
            testId="assign-form"
          >
            <FormSelectField
              control={form.control}
              name="roleId"
              label={t('assign.role')}
              placeholder={t('assign.rolePlaceholder')}
              required
              showSearch
              loading={roles.isLoading}
              options={assignable.map((role) => ({ value: role.id, label: role.name }))}
            />
            <FormSelectField
              control={form.control}
              name="userIds"
              label={t('assign.users')}
              placeholder={t('assign.usersPlaceholder')}
              mode="multiple"
              options={users.options}
              onSearch={users.onSearch}
              loading={users.loading}
            />
            <FormSelectField
              control={form.control}
              name="emails"
              label={t('assign.emails')}
              placeholder={t('assign.emailsPlaceholder')}
              mode="tags"
              tokenSeparators={[',', ' ', ';']}
              options={[]}
            />
          </FormPanel>
        </Card>
      )}
    </Flex>
  );
}

export default RoleAssignScreen;
