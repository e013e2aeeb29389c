import { createElement, useMemo } from 'react';
import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { can } from '@esim/contracts';
import { usePermissionStore } from '@esim/platform';
import { buildMenu, selectedMenuKey } from '../routes/menu';
import { APP_ROUTES } from '../routes/route-table';
import { MENU_ICONS } from './menu-icons';

/** The side menu: the route table's menu entries the user can() see. */
export function SideMenu() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const permissions = usePermissionStore((state) => state.permissions);
  const entries = useMemo(
    () => buildMenu(APP_ROUTES, (path, method) => can(permissions, path, method)),
    [permissions],
  );
  const selected = selectedMenuKey(pathname, entries);

  return (
    <Menu
      mode="inline"
      theme="dark"
      selectedKeys={selected ? [selected] : []}
      items={entries.map((entry) => ({
        key: entry.key,
        icon: createElement(MENU_ICONS[entry.icon]),
        label: <span data-testid={`menu-${entry.key.slice(1)}`}>{t(entry.labelKey)}</span>,
      }))}
      onClick={({ key }) => navigate(key)}
    />
  );
}
