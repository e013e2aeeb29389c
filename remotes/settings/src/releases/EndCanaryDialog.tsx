import { Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH, endCanarySchema } from '@esim/contracts';
import { FormDialog, FormTextField, useValibotForm } from '@esim/ui';
import { releaseMutations } from './mutations';

export interface EndCanaryDialogProps {
  remote: string;
  /** The area's translated name. */
  area: string;
  pinnedVersion: string;
  onClose: () => void;
}

/** End a remote's canary: reason (required), then DELETE release/canary. */
export function EndCanaryDialog({ remote, area, pinnedVersion, onClose }: EndCanaryDialogProps) {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  const form = useValibotForm(endCanarySchema, { defaultValues: { remote, reason: '' } });
  const mutation = useMutation(releaseMutations.endCanary(queryClient));

  return (
    <FormDialog
      form={form}
      title={t('releases.canary.endTitle', { area })}
      onSubmit={mutation.mutateAsync}
      onClose={onClose}
      submitText={t('releases.canary.end')}
      submitTestId="release-canary-end-submit"
      submitDanger
    >
      <Typography.Paragraph>
        {t('releases.canary.endDescription', { version: pinnedVersion })}
      </Typography.Paragraph>
      <FormTextField
        control={form.control}
        name="reason"
        label={t('common:fields.reason')}
        required
        rows={3}
        maxLength={MAX_LENGTH.long}
        placeholder={t('releases.canary.endReasonPlaceholder')}
      />
    </FormDialog>
  );
}
