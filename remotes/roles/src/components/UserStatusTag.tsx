import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Active (green) or Disabled (grey). */
export function UserStatusTag({ status }: { status: 'active' | 'inactive' }) {
  const { t } = useTranslation('roles');
  return (
    <Tag color={status === 'active' ? 'green' : 'default'} data-testid="user-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
