// Icons are imported one by one: the package entry would bring every icon into the shell.
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import CalculatorOutlined from '@ant-design/icons/es/icons/CalculatorOutlined';
import DashboardOutlined from '@ant-design/icons/es/icons/DashboardOutlined';
import DatabaseOutlined from '@ant-design/icons/es/icons/DatabaseOutlined';
import DeploymentUnitOutlined from '@ant-design/icons/es/icons/DeploymentUnitOutlined';
import DollarOutlined from '@ant-design/icons/es/icons/DollarOutlined';
import GiftOutlined from '@ant-design/icons/es/icons/GiftOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import ShopOutlined from '@ant-design/icons/es/icons/ShopOutlined';
import ShoppingCartOutlined from '@ant-design/icons/es/icons/ShoppingCartOutlined';
import TagsOutlined from '@ant-design/icons/es/icons/TagsOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import type { ComponentType } from 'react';
import type { RouteIcon } from '@esim/remote-kit/manifest';

/**
 * The icons a remote's route manifest may name (ROUTE_ICONS of @esim/remote-kit/manifest), as
 * the menu renders them: the record must cover every name, so the set cannot drift.
 */
export const MENU_ICONS: Record<RouteIcon, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  CalculatorOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DollarOutlined,
  GiftOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TagsOutlined,
  TeamOutlined,
};
