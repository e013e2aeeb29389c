import { Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH, rollbackReleaseSchema } from '@esim/contracts';
import { FormDialog, FormTextField, useValibotForm } from '@esim/ui';
import { releaseMutations } from './mutations';

export interface RollbackDialogProps {
  remote: string;
  /** The area's translated name. */
  area: string;
  pinnedVersion: string;
  onClose: () => void;
}

/** Roll back to the version pinned before: reason (required), confirmed, then POST release/rollback. */
export function RollbackDialog({ remote, area, pinnedVersion, onClose }: RollbackDialogProps) {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  const form = useValibotForm(rollbackReleaseSchema, { defaultValues: { remote, reason: '' } });
  const mutation = useMutation(releaseMutations.rollback(queryClient));

  return (
    <FormDialog
      form={form}
      title={t('releases.rollback.title', { area })}
      // Refusals (e.g. nothing earlier to roll back to) are toasted by the API client.
      onSubmit={mutation.mutateAsync}
      onClose={onClose}
      confirmSubmit={() => ({
        title: t('releases.rollback.confirmTitle', { remote }),
        description: t('releases.rollback.confirmDescription', { area }),
        confirmText: t('releases.rollback.submit'),
      })}
      submitText={t('releases.rollback.submit')}
      submitDanger
    >
      <Typography.Paragraph>
        {t('releases.rollback.description', { area, version: pinnedVersion })}
      </Typography.Paragraph>
      <FormTextField
        control={form.control}
        name="reason"
        label={t('common:fields.reason')}
        required
        rows={3}
        maxLength={MAX_LENGTH.long}
        placeholder={t('releases.rollback.reasonPlaceholder')}
      />
    </FormDialog>
  );
}
