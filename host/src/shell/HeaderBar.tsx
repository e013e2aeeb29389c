import { GlobalOutlined, LogoutOutlined, UserOutlined } from '@esim/ui/icons';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, signOut, useAuthStore } from '@esim/platform';
import { LANGUAGES, resolveLanguage } from '@esim/utils';
import { LANGUAGE_NAMES } from '../app/language-names';
import { NotificationsBell } from './NotificationsBell';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({
          key: language,
          label: (
            <span lang={language} data-testid={`language-option-${language}`}>
              {LANGUAGE_NAMES[language]}
            </span>
          ),
        })),
        onClick: ({ key }) => void changeLanguage(resolveLanguage(key)),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('language.label')}
        data-testid="language-switch"
      >
        {LANGUAGE_NAMES[current]}
      </Button>
    </Dropdown>
  );
}

export function UserMenu() {
  const { t } = useTranslation('common');
  const email = useAuthStore((state) => state.user?.email ?? '');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'email', label: <span data-testid="user-email">{email}</span>, disabled: true },
          { type: 'divider' },
          {
            key: 'signOut',
            icon: <LogoutOutlined />,
            label: <span data-testid="sign-out">{t('layout.signOut')}</span>,
          },
        ],
        onClick: ({ key }) => {
          // The guard replaces the page with the login screen; the cache is already empty.
          if (key === 'signOut') void signOut();
        },
      }}
    >
      <Button
        type="text"
        icon={<UserOutlined />}
        aria-label={t('layout.userMenu')}
        data-testid="user-menu"
      >
        <span className="esim-user-email">{email}</span>
      </Button>
    </Dropdown>
  );
}

export function HeaderBar() {
  return (
    <Space size="small" align="center">
      <LanguageSwitch />
      <NotificationsBell />
      <UserMenu />
    </Space>
  );
}
