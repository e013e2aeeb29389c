import { EditOutlined } from '@esim/ui/icons';
import { Button, Flex, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESOURCES } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { BackLink, DetailGate, DetailHeader, isDetailReady, useUrlTab } from '@esim/ui';
import { roleQuery } from '../api';
import { EntityHistory } from '../components/EntityHistory';
import { RoleFormDialog } from '../components/RoleFormDialog';
import { RolePermissions } from '../components/RolePermissions';
import { RoleUsers } from '../components/RoleUsers';
import { ROLE_LIST_PATH } from '../paths';

const TABS = ['permissions', 'users', 'history'] as const;

/** /roles?id=: one role, its permission matrix, its users and its history. */
export function RoleDetail({ id }: { id: string }) {
  const { t } = useTranslation('roles');
  const [tab, setTab] = useUrlTab(TABS);
  const [editing, setEditing] = useState(false);
  const mayEditRoles = usePermission(RESOURCES.roles, 'PUT');
  const query = useQuery({ ...roleQuery(id), enabled: id !== '' });

  if (!isDetailReady(query, id))
    return (
      <DetailGate
        query={query}
        id={id}
        name={t('entity.role')}
        backTo={ROLE_LIST_PATH}
        backLabel={t('detail.back')}
      />
    );
  const role = query.data;
  const mayRename = mayEditRoles && role.assignable !== false;

  return (
    <Flex vertical gap="middle" data-testid="role-detail">
      <BackLink to={ROLE_LIST_PATH} label={t('detail.back')} />
      <DetailHeader
        title={role.name}
        titleTestId="role-title"
        subtitle={role.description ?? undefined}
        tags={
          role.editable === false ? (
            <Tag data-testid="role-read-only-tag">{t('detail.readOnly')}</Tag>
          ) : undefined
        }
        actions={
          mayRename ? (
            <Button
              icon={<EditOutlined />}
              onClick={() => setEditing(true)}
              autoInsertSpace={false}
              data-testid="role-edit"
            >
              {t('detail.edit')}
            </Button>
          ) : undefined
        }
      />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'permissions',
            label: t('detail.tabs.permissions'),
            children: <RolePermissions role={role} />,
          },
          {
            key: 'users',
            label: `${t('detail.tabs.users')} (${role.users.length})`,
            children: <RoleUsers role={role} />,
          },
          {
            key: 'history',
            label: t('detail.tabs.history'),
            children: <EntityHistory entityType="role" id={role.id} />,
          },
        ]}
      />
      {editing && <RoleFormDialog role={role} onClose={() => setEditing(false)} />}
    </Flex>
  );
}
