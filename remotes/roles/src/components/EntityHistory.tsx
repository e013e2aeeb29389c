import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RESOURCES, type PermissionEntry } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { EntityHistoryTab, useHistoryPaging } from '@esim/ui';
import { historyQuery, roleOptionsQuery } from '../api';
import { useMatrixLabels } from '../matrix/matrixLabels';

/** The labels of a user's audit fields differ from the role's ('name' is the person's). */
const USER_FIELD_LABELS: Record<string, string> = { name: 'userName', roleId: 'role' };

/**
 * The audit history of a role (name, description, permissions, users) or of a staff user (e-mail,
 * name, status, role), from audit/history.
 */
export function EntityHistory({ entityType, id }: { entityType: 'role' | 'user'; id: string }) {
  const { t } = useTranslation('roles');
  const labels = useMatrixLabels();
  const paging = useHistoryPaging();
  const query = useQuery(historyQuery(entityType, id, paging.page, paging.pageSize));
  const mayReadRoles = usePermission(RESOURCES.roles, 'GET');
  const roles = useQuery({ ...roleOptionsQuery(), enabled: entityType === 'user' && mayReadRoles });
  const roleName = (roleId: string) =>
    roles.data?.find((role) => role.id === roleId)?.name ?? roleId;

  const permissionsText = (entries: PermissionEntry[]): ReactNode =>
    entries.map((entry) => (
      <div key={entry.path}>
        {labels.path(entry.path)}: {entry.methods.map((method) => labels.method(method)).join(', ')}
      </div>
    ));

  return (
    <EntityHistoryTab
      query={query}
      paging={paging}
      fieldLabel={(field) =>
        t(`fields.${(entityType === 'user' && USER_FIELD_LABELS[field]) || field}`, {
          defaultValue: field,
        })
      }
      formatValue={(field, value) => {
        if (field === 'permissions' && Array.isArray(value))
          return permissionsText(value as PermissionEntry[]);
        if (field === 'status')
          return t(`status.${String(value)}`, { defaultValue: String(value) });
        if (field === 'roleId' && typeof value === 'string') return roleName(value);
        if (Array.isArray(value)) return value.join(', ');
        return typeof value === 'string' ? value : JSON.stringify(value);
      }}
    />
  );
}
