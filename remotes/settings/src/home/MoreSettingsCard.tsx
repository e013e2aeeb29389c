import { Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RESOURCES } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { NOTICES_PATH, RELEASES_PATH } from '../paths';

/** The other settings screens this user may open. */
export function MoreSettingsCard() {
  const { t } = useTranslation('settings');
  const releases = usePermission(RESOURCES.releases, 'GET');
  const notices = usePermission(RESOURCES.notifications, 'GET');
  const links = [
    ...(notices
      ? [
          {
            key: 'notices',
            to: NOTICES_PATH,
            title: t('more.notices'),
            text: t('more.noticesText'),
          },
        ]
      : []),
    ...(releases
      ? [
          {
            key: 'releases',
            to: RELEASES_PATH,
            title: t('more.releases'),
            text: t('more.releasesText'),
          },
        ]
      : []),
  ];
  if (links.length === 0) return null;
  return (
    <Card title={t('more.title')} data-testid="settings-more">
      <List
        dataSource={links}
        renderItem={(link) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Link to={link.to} data-testid={`settings-link-${link.key}`}>
                  {link.title}
                </Link>
              }
              description={<Typography.Text type="secondary">{link.text}</Typography.Text>}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
