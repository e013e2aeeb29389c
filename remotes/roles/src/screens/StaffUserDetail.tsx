import { Descriptions, Flex, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { RESOURCES } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  ActionRefusal,
  BackLink,
  DetailGate,
  DetailHeader,
  isDetailReady,
  useUrlTab,
} from '@esim/ui';
import { staffUserQuery } from '../api';
import { EntityHistory } from '../components/EntityHistory';
import { UserStatusTag } from '../components/UserStatusTag';
import { useRolesFormat } from '../format';
import { STAFF_USERS_PATH, roleDetailPath } from '../paths';
import { UserStatusButton } from '../users/UserStatusButton';
import { useUserStatusAction } from '../users/useUserStatusAction';

const TABS = ['details', 'history'] as const;

/** /roles/users/detail?id=: one staff account, disable / enable, and its history. */
export function StaffUserDetailScreen() {
  return (
    <div data-testid="area-screen" data-screen="staff-user-detail">
      <StaffUserDetailContent />
    </div>
  );
}

function StaffUserDetailContent() {
  const { t } = useTranslation('roles');
  const format = useRolesFormat();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [tab, setTab] = useUrlTab(TABS);
  const mayReadRoles = usePermission(RESOURCES.roles, 'GET');
  const statusAction = useUserStatusAction();
  const query = useQuery({ ...staffUserQuery(id), enabled: id !== '' });

  if (!isDetailReady(query, id))
    return (
      <DetailGate
        query={query}
        id={id}
        name={t('entity.user')}
        backTo={STAFF_USERS_PATH}
        backLabel={t('users.back')}
      />
    );
  const user = query.data;

  return (
    <Flex vertical gap="middle" data-testid="staff-user-detail">
      <BackLink to={STAFF_USERS_PATH} label={t('users.back')} />
      <DetailHeader
        title={user.email}
        titleTestId="staff-user-title"
        subtitle={user.name ?? undefined}
        tags={<UserStatusTag status={user.status} />}
        actions={<UserStatusButton user={user} action={statusAction} />}
      />
      <ActionRefusal
        refusal={statusAction.refusal}
        title={t('users.refused')}
        onClose={statusAction.clearRefusal}
        testId="user-status-refused"
      />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'details',
            label: t('users.tabs.details'),
            children: (
              <Descriptions
                bordered
                size="small"
                column={1}
                items={[
                  { key: 'email', label: t('fields.email'), children: user.email },
                  { key: 'name', label: t('fields.userName'), children: format.text(user.name) },
                  {
                    key: 'role',
                    label: t('fields.role'),
                    children:
                      user.roleId && mayReadRoles ? (
                        <Link to={roleDetailPath(user.roleId)} data-testid="staff-user-role">
                          {user.roleName ?? user.roleId}
                        </Link>
                      ) : (
                        <span data-testid="staff-user-role">
                          {user.roleName ?? t('users.noRole')}
                        </span>
                      ),
                  },
                  {
                    key: 'partner',
                    label: t('fields.partner'),
                    children: format.text(user.partnerName),
                  },
                  {
                    key: 'status',
                    label: t('fields.status'),
                    children: <UserStatusTag status={user.status} />,
                  },
                  {
                    key: 'lastLoginDate',
                    label: t('fields.lastLoginDate'),
                    children: user.lastLoginDate
                      ? format.dateTime(user.lastLoginDate)
                      : t('users.never'),
                  },
                  {
                    key: 'createdDate',
                    label: t('fields.createdDate'),
                    children: format.dateTime(user.createdDate),
                  },
                ]}
              />
            ),
          },
          {
            key: 'history',
            label: t('users.tabs.history'),
            children: <EntityHistory entityType="user" id={user.id} />,
          },
        ]}
      />
    </Flex>
  );
}

export default StaffUserDetailScreen;
