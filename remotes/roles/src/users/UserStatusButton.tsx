import { CheckOutlined, StopOutlined } from '@esim/ui/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffUser } from '@esim/contracts';
import type { useUserStatusAction } from './useUserStatusAction';

/** Disable (active account) or Enable (disabled account), greyed out for an account above. */
export function UserStatusButton({
  user,
  action,
  size,
}: {
  user: StaffUser;
  action: ReturnType<typeof useUserStatusAction>;
  size?: 'small';
}) {
  const { t } = useTranslation('roles');
  if (!action.shown(user)) return null;
  const active = user.status === 'active';
  const button = (
    <Button
      size={size}
      danger={active}
      icon={active ? <StopOutlined /> : <CheckOutlined />}
      disabled={!action.allowed(user)}
      loading={action.pending}
      onClick={(event) => {
        event.stopPropagation();
        void action.run(user);
      }}
      autoInsertSpace={false}
      data-testid={active ? 'user-disable' : 'user-enable'}
    >
      {active ? t('users.disable') : t('users.enable')}
    </Button>
  );
  return action.allowed(user) ? (
    button
  ) : (
    <Tooltip title={t('users.notEditable')}>
      <span>{button}</span>
    </Tooltip>
  );
}
