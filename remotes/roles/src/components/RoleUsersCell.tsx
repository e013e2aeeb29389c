import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleListItem } from '@esim/contracts';
import { roleUserPreviewQuery } from '../api';

/** The first few e-mails of a role's users, then "+N" for the rest (user/select by role). */
export function RoleUsersCell({ role }: { role: RoleListItem }) {
  const { t } = useTranslation('roles');
  const preview = useQuery({ ...roleUserPreviewQuery(role.id), enabled: role.userCount > 0 });
  if (role.userCount === 0)
    return <Typography.Text type="secondary">{t('list.noUsers')}</Typography.Text>;
  const emails = (preview.data ?? []).map((user) => user.label);
  const rest = role.userCount - emails.length;
  return (
    <span data-testid="role-user-emails">
      {emails.join(', ')}
      {rest > 0 && (
        <Typography.Text type="secondary">
          {emails.length > 0 ? ' ' : ''}
          {t('list.moreUsers', { count: rest })}
        </Typography.Text>
      )}
    </span>
  );
}
