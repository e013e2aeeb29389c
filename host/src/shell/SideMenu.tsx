import { createElement, useMemo } from 'react';
import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { can } from '@esim/contracts';
import { usePermissionStore } from '@esim/platform';
import { useAreaRoutes } from '../remotes/route-manifests';
import { buildMenu, labelText, selectedMenuKey } from '../routes/menu';
import { MENU_ICONS } from './menu-icons';

/**
 * The side menu: the menu entries of the pinned remotes' route manifests the user can() see,
 * with the icon each names.
 */
export function SideMenu() {
  const { i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { routes } = useAreaRoutes();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const permissions = usePermissionStore((state) => state.permissions);
  const entries = useMemo(
    () => buildMenu(routes ?? [], (path, method) => can(permissions, path, method)),
    [routes, permissions],
  );
  const selected = selectedMenuKey(pathname, entries);

  return (
    <Menu
      mode="inline"
      theme="dark"
      selectedKeys={selected ? [selected] : []}
      items={entries.map((entry) => ({
        key: entry.key,
        icon: createElement(MENU_ICONS[entry.icon], { 'data-icon': entry.icon } as object),
        label: (
          <span data-testid={`menu-${entry.key.slice(1)}`}>
            {labelText(entry.labels, language)}
          </span>
        ),
      }))}
      onClick={({ key }) => navigate(key)}
    />
  );
}
