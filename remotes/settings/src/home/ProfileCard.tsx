import { Card, Descriptions, Result, Button, Skeleton, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH, updateProfileSchema, type Profile } from '@esim/contracts';
import { useAuthStore, usePermissionStore } from '@esim/platform';
import { FormPanel, FormTextField, useValibotForm } from '@esim/ui';
import { formatDateTime } from '@esim/utils';
import { profileQuery, updateProfileMutation } from './api';

/**
 * The signed-in user: e-mail, role, partner and last sign-in (GET profile), and the name, the
 * one thing they change here (PUT profile). The e-mail and role id shown are the session's own,
 * read from the console's auth and permission stores (the same ones the host filled).
 */
export function ProfileCard() {
  const { t } = useTranslation(['settings', 'common']);
  const query = useQuery(profileQuery());
  return (
    <Card title={t('profile.title')} data-testid="settings-profile">
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : query.isError ? (
        <Result
          status="warning"
          title={t('profile.loadFailed')}
          extra={
            <Button onClick={() => void query.refetch()} data-testid="profile-retry">
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : (
        <ProfileDetails profile={query.data} />
      )}
    </Card>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('settings');
  const email = useAuthStore((state) => state.user?.email ?? profile.email);
  const roleId = usePermissionStore((state) => state.roleId ?? profile.roleId ?? '');
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'email',
            label: t('profile.email'),
            children: <span data-testid="profile-email">{email}</span>,
          },
          {
            key: 'role',
            label: t('profile.role'),
            children: (
              <span data-testid="profile-role" data-role-id={roleId}>
                {profile.roleName ?? t('profile.noRole')}
              </span>
            ),
          },
          {
            key: 'partner',
            label: t('profile.partner'),
            children: (
              <span data-testid="profile-partner">
                {profile.partnerName ?? (
                  <Typography.Text type="secondary">{t('profile.noPartner')}</Typography.Text>
                )}
              </span>
            ),
          },
          {
            key: 'lastSignIn',
            label: t('profile.lastSignIn'),
            children: (
              <span data-testid="profile-last-sign-in">
                {profile.lastLoginDate
                  ? formatDateTime(profile.lastLoginDate, i18n.language)
                  : t('profile.never')}
              </span>
            ),
          },
        ]}
      />
      <NameForm profile={profile} />
    </>
  );
}

function NameForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const form = useValibotForm(updateProfileSchema, { defaultValues: { name: profile.name ?? '' } });
  const mutation = useMutation(updateProfileMutation(queryClient));
  return (
    <div style={{ marginTop: 16 }}>
      <FormPanel
        form={form}
        onSubmit={(values) => mutation.mutateAsync(values)}
        serverFields={['name']}
        submitText={t('profile.save')}
        submitTestId="profile-save"
        testId="profile-form"
      >
        <FormTextField
          control={form.control}
          name="name"
          label={t('profile.name')}
          maxLength={MAX_LENGTH.default}
          placeholder={t('profile.namePlaceholder')}
          autoComplete="name"
        />
      </FormPanel>
    </div>
  );
}
