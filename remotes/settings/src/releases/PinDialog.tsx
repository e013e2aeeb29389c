import { Alert } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH, pinReleaseSchema, type RemoteReleaseItem } from '@esim/contracts';
import {
  FormDialog,
  FormSelectField,
  FormTextField,
  useValibotForm,
  type OptionItem,
} from '@esim/ui';
import { releaseMutations } from './mutations';

export interface PinDialogProps {
  release: RemoteReleaseItem;
  /** The area's translated name. */
  area: string;
  onClose: () => void;
}

/** Pin a published version: version + reason, confirmed, then PUT release/pin. */
export function PinDialog({ release, area, onClose }: PinDialogProps) {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  const { remote } = release;
  const form = useValibotForm(pinReleaseSchema, {
    defaultValues: { remote, version: '', reason: '' },
  });
  const mutation = useMutation(releaseMutations.pin(queryClient));
  const options: OptionItem<string>[] = release.versions
    .filter((item) => !item.pinned)
    .map((item) => ({ value: item.version, label: item.version }));

  return (
    <FormDialog
      form={form}
      title={t('releases.pin.title', { area })}
      // Refusals are toasted by the API client; the dialog stays open to try again.
      onSubmit={mutation.mutateAsync}
      onClose={onClose}
      confirmSubmit={(values) => ({
        title: t('releases.pin.confirmTitle', { remote, version: values.version }),
        description: t('releases.pin.confirmDescription', { version: values.version, area }),
        confirmText: t('releases.pin.submit'),
        danger: false,
      })}
      submitText={t('releases.pin.submit')}
      submitDisabled={options.length === 0}
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
          <FormTextField
            control={form.control}
            name="reason"
            label={t('common:fields.reason')}
            rows={3}
            maxLength={MAX_LENGTH.long}
            placeholder={t('releases.pin.reasonPlaceholder')}
          />
        </>
      )}
    </FormDialog>
  );
}
