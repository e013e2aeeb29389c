import { Alert } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH, pinReleaseSchema, type RemoteReleaseItem } from '@esim/contracts';
import {
  FormDialog,
  FormSelectField,
  FormTextField,
  useValibotForm,
  type OptionItem,
} from '@esim/ui';
import { needsForce } from './compatibility';
import { ForceField, IncompatibleAlert } from './ForceField';
import { releaseMutations } from './mutations';

export interface PinDialogProps {
  release: RemoteReleaseItem;
  /** The area's translated name. */
  area: string;
  onClose: () => void;
}

/**
 * Pin a published version: version + reason (required), confirmed, then PUT release/pin. A
 * version the console is not compatible with shows why and needs Force.
 */
export function PinDialog({ release, area, onClose }: PinDialogProps) {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  const { remote } = release;
  const form = useValibotForm(pinReleaseSchema, {
    defaultValues: { remote, version: '', reason: '', force: false },
  });
  const mutation = useMutation(releaseMutations.pin(queryClient));
  const options: OptionItem<string>[] = release.versions
    .filter((item) => !item.pinned)
    .map((item) => ({ value: item.version, label: item.version }));
  const chosen = useWatch({ control: form.control, name: 'version' });
  const chosenItem = release.versions.find((item) => item.version === chosen);
  const forceNeeded = needsForce(chosenItem);

  return (
    <FormDialog
      form={form}
      title={t('releases.pin.title', { area })}
      validate={(values) => {
        if (!forceNeeded || values.force === true) return true;
        form.setError('force', { message: t('releases.force.required') });
        return false;
      }}
      // Refusals are toasted by the API client; the dialog stays open to try again.
      onSubmit={(values) =>
        mutation.mutateAsync({ ...values, force: forceNeeded ? true : undefined })
      }
      onClose={onClose}
      confirmSubmit={(values) => ({
        title: t('releases.pin.confirmTitle', { remote, version: values.version }),
        description: forceNeeded
          ? t('releases.pin.confirmForced', { version: values.version, area })
          : t('releases.pin.confirmDescription', { version: values.version, area }),
        confirmText: t('releases.pin.submit'),
        danger: forceNeeded,
      })}
      submitText={t('releases.pin.submit')}
      submitDisabled={options.length === 0}
      submitTestId="release-pin-submit"
    >
      {options.length === 0 ? (
        <Alert type="info" showIcon title={t('releases.pin.noOtherVersion')} />
      ) : (
        <>
          <FormSelectField
            control={form.control}
            name="version"
            label={t('common:fields.version')}
            options={options}
            required
            placeholder={t('releases.pin.versionPlaceholder')}
          />
          {chosenItem && forceNeeded && (
            <IncompatibleAlert compatibility={chosenItem.compatibility} />
          )}
          <FormTextField
            control={form.control}
            name="reason"
            label={t('common:fields.reason')}
            required
            rows={3}
            maxLength={MAX_LENGTH.long}
            placeholder={t('releases.pin.reasonPlaceholder')}
          />
          {forceNeeded && <ForceField control={form.control} />}
        </>
      )}
    </FormDialog>
  );
}
