import { useEffect, useState } from 'react';
import { Layout, Typography } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getQueryClient, signOut } from '@esim/platform';
import { UiOverlays, progress } from '@esim/ui';
import { BrandLogo } from '../brand/BrandLogo';
import { INACTIVITY_TIMEOUT_MS, startInactivityTimer } from '../session/inactivity';
import { AntdRoot } from './AntdRoot';
import { HeaderBar } from './HeaderBar';
import { NewVersionNotice } from './NewVersionNotice';
import { PreviewBanner } from './PreviewBanner';
import { SideMenu } from './SideMenu';

/** Top progress bar while react-router loads the next screen. */
function useNavigationProgress(): void {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    progress.start();
    return () => progress.done();
  }, [busy]);
}

/** Signs the user out after 30 minutes without input in any tab. */
function useInactivityLogout(): void {
  useEffect(
    () =>
      startInactivityTimer({
        timeoutMs: INACTIVITY_TIMEOUT_MS,
        onTimeout: () => void signOut({ notice: 'inactivity' }),
      }),
    [],
  );
}

function Shell() {
  const { t } = useTranslation('common');
  const [collapsed, setCollapsed] = useState(false);
  useNavigationProgress();
  useInactivityLogout();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="lg"
        width={232}
      >
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 10,
            padding: '0 12px',
          }}
          data-testid="brand"
        >
          <BrandLogo size={collapsed ? 28 : 24} />
          {!collapsed && (
            <Typography.Text
              strong
              style={{ color: '#fff', whiteSpace: 'nowrap', overflow: 'hidden' }}
            >
              {t('appName')}
            </Typography.Text>
          )}
        </div>
        <nav aria-label={t('layout.mainMenu')}>
          <SideMenu />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 16px',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
          }}
        >
          <HeaderBar />
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <PreviewBanner />
          <NewVersionNotice />
          <Outlet />
        </Layout.Content>
      </Layout>
      <UiOverlays />
    </Layout>
  );
}

/** The signed-in layout (lazy): antd, the menu, the header, the query client. */
export function ShellLayout() {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <AntdRoot>
        <Shell />
      </AntdRoot>
    </QueryClientProvider>
  );
}
