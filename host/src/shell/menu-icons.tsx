// Icons are imported one by one: the package entry would bring every icon into the shell.
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import CalculatorOutlined from '@ant-design/icons/es/icons/CalculatorOutlined';
import DashboardOutlined from '@ant-design/icons/es/icons/DashboardOutlined';
import DatabaseOutlined from '@ant-design/icons/es/icons/DatabaseOutlined';
import DeploymentUnitOutlined from '@ant-design/icons/es/icons/DeploymentUnitOutlined';
import GiftOutlined from '@ant-design/icons/es/icons/GiftOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import ShopOutlined from '@ant-design/icons/es/icons/ShopOutlined';
import ShoppingCartOutlined from '@ant-design/icons/es/icons/ShoppingCartOutlined';
import TagsOutlined from '@ant-design/icons/es/icons/TagsOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import type { ComponentType } from 'react';
import type { MenuIcon } from '../routes/route-table';

export const MENU_ICONS: Record<MenuIcon, ComponentType> = {
  dashboard: DashboardOutlined,
  suppliers: ShopOutlined,
  tariffs: CalculatorOutlined,
  products: AppstoreOutlined,
  productPrices: TagsOutlined,
  stock: DatabaseOutlined,
  orders: ShoppingCartOutlined,
  partners: TeamOutlined,
  campaigns: GiftOutlined,
  branches: ApartmentOutlined,
  roles: SafetyCertificateOutlined,
  settings: SettingOutlined,
  releases: DeploymentUnitOutlined,
};
