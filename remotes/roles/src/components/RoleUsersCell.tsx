import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleListItem } from '@esim/contracts';

/** The first few e-mails of a role's users (from role/list), then "+N" for the rest. */
export function RoleUsersCell({ role }: { role: RoleListItem }) {
  const { t } = useTranslation('roles');
  if (role.userCount === 0)
    return <Typography.Text type="secondary">{t('list.noUsers')}</Typography.Text>;
  const emails = role.userEmails;
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
