import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH, RESOURCES, setCanarySchema, type RemoteReleaseItem } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  FormDialog,
  FormNumberField,
  FormSelectField,
  FormTextField,
  useValibotForm,
  type OptionItem,
} from '@esim/ui';
import { canaryRolesQuery } from './api';
import { needsForce } from './compatibility';
import { ForceField, IncompatibleAlert } from './ForceField';
import { releaseMutations } from './mutations';

/**
 * The canary's fields without the schema's "a share or roles" check: that one has no field, and
 * a form would take it for no error at all. The dialog checks it on the share field instead.
 */
const [canaryFields] = setCanarySchema.pipe;

export interface CanaryDialogProps {
  release: RemoteReleaseItem;
  /** The area's translated name. */
  area: string;
  onClose: () => void;
}

/**
 * Set (or replace) a remote's canary: a version beside the pin for a share of users and/or some
 * roles, with a reason; confirmed, then PUT release/canary.
 */
export function CanaryDialog({ release, area, onClose }: CanaryDialogProps) {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  const { remote, pinnedVersion, canary } = release;
  const form = useValibotForm(canaryFields, {
    defaultValues: {
      remote,
      version: canary?.version ?? '',
      percent: canary?.percent ?? undefined,
      roleIds: canary?.roleIds ?? [],
      reason: '',
      force: false,
    },
  });
  const mutation = useMutation(releaseMutations.setCanary(queryClient));
  // The role list needs GET on /roles; without it, role ids are typed.
  const canReadRoles = usePermission(RESOURCES.roles, 'GET');
  const roles = useQuery({ ...canaryRolesQuery(), enabled: canReadRoles });
  const roleOptions: OptionItem<string>[] = (roles.data ?? []).map((role) => ({
    value: role.id,
    label: role.name,
  }));
  const versionOptions: OptionItem<string>[] = release.versions
    .filter((item) => item.version !== pinnedVersion)
    .map((item) => ({ value: item.version, label: item.version }));
  const chosen = useWatch({ control: form.control, name: 'version' });
  const chosenItem = release.versions.find((item) => item.version === chosen);
  const forceNeeded = needsForce(chosenItem);

  return (
    <FormDialog
      form={form}
      title={t('releases.canary.dialogTitle', { area })}
      validate={(values) => {
        let valid = true;
        if (values.percent === undefined && values.roleIds.length === 0) {
          form.setError('percent', { message: t('releases.canary.shareOrRoles') });
          valid = false;
        }
        if (forceNeeded && values.force !== true) {
          form.setError('force', { message: t('releases.force.required') });
          valid = false;
        }
        return valid;
      }}
      onSubmit={(values) =>
        mutation.mutateAsync({ ...values, force: forceNeeded ? true : undefined })
      }
      onClose={onClose}
      confirmSubmit={(values) => ({
        title: t('releases.canary.confirmTitle', { area, version: values.version }),
        description: t('releases.canary.confirmDescription', {
          area,
          version: values.version,
          pinned: pinnedVersion ?? '',
        }),
        confirmText: t('releases.canary.submit'),
        danger: forceNeeded,
      })}
      submitText={t('releases.canary.submit')}
      submitTestId="release-canary-submit"
      testId="release-canary-form"
    >
      <FormSelectField
        control={form.control}
        name="version"
        label={t('common:fields.version')}
        options={versionOptions}
        required
        placeholder={t('releases.pin.versionPlaceholder')}
      />
      {chosenItem && forceNeeded && <IncompatibleAlert compatibility={chosenItem.compatibility} />}
      <FormNumberField
        control={form.control}
        name="percent"
        label={t('releases.canary.percent')}
        decimals={0}
        maxLength={2}
        suffix="%"
        messageName="percent"
        extra={t('releases.canary.percentHint')}
      />
      <FormSelectField
        control={form.control}
        name="roleIds"
        label={t('releases.canary.roleIds')}
        options={roleOptions}
        mode={canReadRoles ? 'multiple' : 'tags'}
        loading={roles.isFetching}
        allowClear
        placeholder={t('releases.canary.rolesPlaceholder')}
        extra={t('releases.canary.rolesHint')}
      />
      <FormTextField
        control={form.control}
        name="reason"
        label={t('common:fields.reason')}
        required
        rows={3}
        maxLength={MAX_LENGTH.long}
        placeholder={t('releases.canary.reasonPlaceholder')}
      />
      {forceNeeded && <ForceField control={form.control} />}
    </FormDialog>
  );
}
