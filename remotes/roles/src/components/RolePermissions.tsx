import { Alert, Button, Flex } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESOURCES, ROLE_IDS, type RoleDetail } from '@esim/contracts';
import { usePermission, usePermissionStore } from '@esim/platform';
import { ConflictAlert, confirm, isVersionConflict, useUnsavedChangesPrompt } from '@esim/ui';
import { roleQuery } from '../api';
import { PermissionDiffList } from '../matrix/PermissionDiffList';
import { PermissionMatrix } from '../matrix/PermissionMatrix';
import { gridToEntries } from '../matrix/permissionMatrix';
import { usePermissionDraft } from '../matrix/usePermissionDraft';
import { roleMutations } from '../mutations';

/**
 * The role's permission matrix: tick and clear, then Save shows what it grants and removes and
 * saves with the version loaded (409: someone else saved first, Reload). Leaving with unsaved
 * ticks asks first.
 */
export function RolePermissions({ role }: { role: RoleDetail }) {
  const { t } = useTranslation('roles');
  const queryClient = useQueryClient();
  const own = usePermissionStore((state) => state.permissions);
  const mayEditRoles = usePermission(RESOURCES.roles, 'PUT');
  const editable = mayEditRoles && role.editable !== false;
  const draft = usePermissionDraft(role);
  useUnsavedChangesPrompt(draft.dirty);
  const mutation = useMutation(roleMutations.permissions(queryClient));
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);

  const save = async () => {
    const go = await confirm({
      title: t('matrix.previewTitle'),
      description: (
        <>
          {t('matrix.previewDescription')}
          <PermissionDiffList changes={draft.changes} />
        </>
      ),
      confirmText: t('matrix.confirm'),
      danger: draft.changes.some((change) => change.removed.length > 0),
    });
    if (!go) return;
    try {
      const saved = await mutation.mutateAsync({
        roleId: role.id,
        permissions: gridToEntries(draft.grid),
        version: draft.version,
      });
      draft.restart(saved);
    } catch (error) {
      // The API client has shown the refusal; a stale version needs the role as it is now.
      setConflict(isVersionConflict(error));
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      const now = await queryClient.fetchQuery({ ...roleQuery(role.id), staleTime: 0 });
      draft.restart(now);
      setConflict(false);
    } finally {
      setReloading(false);
    }
  };

  return (
    <Flex vertical gap="middle" data-testid="role-permissions">
      {role.editable === false && (
        <Alert
          type="info"
          showIcon
          data-testid="role-read-only"
          title={
            role.id === ROLE_IDS.administrators
              ? t('detail.administratorsFixed')
              : t('detail.readOnlyAboveYou')
          }
        />
      )}
      {conflict && (
        <ConflictAlert
          title={t('form.conflictTitle')}
          description={t('form.conflictDescription')}
          onReload={() => void reload()}
          reloading={reloading}
          testId="permissions-conflict"
        />
      )}
      <PermissionMatrix
        sections={draft.sections}
        grid={draft.grid}
        own={own}
        editable={editable}
        onToggle={draft.toggle}
      />
      {editable && (
        <Flex justify="flex-end" align="center" gap="small" wrap>
          {draft.dirty && (
            <Alert type="warning" showIcon title={t('matrix.unsaved')} style={{ flex: 1 }} />
          )}
          <Button
            onClick={draft.undo}
            disabled={!draft.dirty || mutation.isPending}
            autoInsertSpace={false}
            data-testid="permissions-undo"
          >
            {t('matrix.undo')}
          </Button>
          <Button
            type="primary"
            onClick={() => void save()}
            disabled={!draft.dirty || conflict}
            loading={mutation.isPending}
            autoInsertSpace={false}
            data-testid="permissions-save"
          >
            {t('matrix.save')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
