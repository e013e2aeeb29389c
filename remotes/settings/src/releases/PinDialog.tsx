import { Alert, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH, pinReleaseSchema, type RemoteReleaseItem } from '@esim/contracts';
import {
  FormLayout,
  FormSelectField,
  FormTextField,
  confirm,
  useValibotForm,
  type OptionItem,
} from '@esim/ui';
import { pinRelease, releaseKeys } from './api';

export interface PinDialogProps {
  release: RemoteReleaseItem;
  /** The area's translated name. */
  area: string;
  onClose: () => void;
}

const FORM_ID = 'release-pin-form';

/** Pin a published version: version + reason, confirmed, then PUT release/pin. */
export function PinDialog({ release, area, onClose }: PinDialogProps) {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  const { remote } = release;
  const form = useValibotForm(pinReleaseSchema, {
    defaultValues: { remote, version: '', reason: '' },
  });
  const mutation = useMutation({
    mutationFn: pinRelease,
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: releaseKeys.all });
    },
  });
  const options: OptionItem<string>[] = release.versions
    .filter((item) => !item.pinned)
    .map((item) => ({ value: item.version, label: item.version }));

  const submit = form.handleSubmit(async (values) => {
    const confirmed = await confirm({
      title: t('releases.pin.confirmTitle', { remote, version: values.version }),
      description: t('releases.pin.confirmDescription', { version: values.version, area }),
      confirmText: t('releases.pin.submit'),
      danger: false,
    });
    // Errors are toasted by the API client; the dialog stays open to try again.
    if (confirmed) await mutation.mutateAsync(values).catch(() => undefined);
  });

  return (
    <Modal
      open
      title={t('releases.pin.title', { area })}
      okText={t('releases.pin.submit')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{
        htmlType: 'submit',
        form: FORM_ID,
        loading: mutation.isPending,
        disabled: options.length === 0,
        autoInsertSpace: false,
      }}
      cancelButtonProps={{ autoInsertSpace: false }}
      onCancel={onClose}
      destroyOnHidden
    >
      {options.length === 0 ? (
        <Alert type="info" showIcon title={t('releases.pin.noOtherVersion')} />
      ) : (
        <FormLayout id={FORM_ID} onSubmit={submit}>
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
        </FormLayout>
      )}
    </Modal>
  );
}
