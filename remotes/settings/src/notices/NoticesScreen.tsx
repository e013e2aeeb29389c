import { Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESOURCES } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { useUrlTab } from '@esim/ui';
import { CurrentNotices } from './CurrentNotices';
import { NoticeHistory } from './NoticeHistory';
import { NoticeManageList } from './NoticeManageList';

const TABS = ['current', 'manage', 'history'] as const;

/**
 * /settings/notifications: the notices valid now for every reader; for those who publish (POST
 * on /notifications) also every notice to publish, edit and withdraw, and their history.
 */
export function NoticesScreen() {
  const { t } = useTranslation('settings');
  const canManage = usePermission(RESOURCES.notifications, 'POST');
  const [tab, setTab] = useUrlTab(TABS);
  return (
    <Flex vertical gap="middle" data-testid="area-screen" data-screen="notices">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('notices.title')}
      </Typography.Title>
      {canManage ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'current', label: t('notices.tabs.current'), children: <CurrentNotices /> },
            { key: 'manage', label: t('notices.tabs.manage'), children: <NoticeManageList /> },
            { key: 'history', label: t('notices.tabs.history'), children: <NoticeHistory /> },
          ]}
        />
      ) : (
        <CurrentNotices />
      )}
    </Flex>
  );
}

export default NoticesScreen;
