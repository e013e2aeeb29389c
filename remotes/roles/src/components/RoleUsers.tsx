import { Button, Flex, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESOURCES, type RoleDetail, type RoleUser } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { RoleUsersDialog } from './RoleUsersDialog';
import { UserStatusTag } from './UserStatusTag';

/** Who holds the role; those allowed change the list (a role above them stays as it is). */
export function RoleUsers({ role }: { role: RoleDetail }) {
  const { t } = useTranslation('roles');
  const [editing, setEditing] = useState(false);
  const mayChange = usePermission(RESOURCES.roles, 'PUT') && role.assignable !== false;
  return (
    <Flex vertical gap="middle" data-testid="role-users">
      {mayChange && (
        <Flex justify="flex-end">
          <Button
            type="primary"
            onClick={() => setEditing(true)}
            autoInsertSpace={false}
            data-testid="role-users-change"
          >
            {t('roleUsers.change')}
          </Button>
        </Flex>
      )}
      <Table<RoleUser>
        size="small"
        rowKey="id"
        dataSource={role.users}
        pagination={role.users.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: t('roleUsers.empty') }}
        columns={[
          {
            key: 'email',
            title: t('fields.email'),
            dataIndex: 'email',
            render: (email: string) => <span data-testid="role-user-email">{email}</span>,
          },
          {
            key: 'status',
            title: t('fields.status'),
            render: (_, user) => <UserStatusTag status={user.status} />,
          },
        ]}
      />
      {editing && <RoleUsersDialog role={role} onClose={() => setEditing(false)} />}
    </Flex>
  );
}
