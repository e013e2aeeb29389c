import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, RESOURCES, type PermissionEntry } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { AuditHistory } from '@esim/ui';
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
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[1] as number });
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
    <AuditHistory
      entries={query.data?.items ?? []}
      total={query.data?.total ?? 0}
      loading={query.isFetching}
      error={query.isError ? query.error : undefined}
      onRetry={() => void query.refetch()}
      page={paging.page}
      pageSize={paging.pageSize}
      onPageChange={(page, pageSize) =>
        setPaging((current) => ({ page: pageSize === current.pageSize ? page : 1, pageSize }))
      }
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
