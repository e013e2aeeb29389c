import { Modal, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH, rollbackReleaseSchema } from '@esim/contracts';
import { FormLayout, FormTextField, confirm, useValibotForm } from '@esim/ui';
import { releaseKeys, rollbackRelease } from './api';

export interface RollbackDialogProps {
  remote: string;
  /** The area's translated name. */
  area: string;
  pinnedVersion: string;
  onClose: () => void;
}

const FORM_ID = 'release-rollback-form';

/** Roll back to the version pinned before: reason, confirmed, then POST release/rollback. */
export function RollbackDialog({ remote, area, pinnedVersion, onClose }: RollbackDialogProps) {
  const { t } = useTranslation(['settings', 'common']);
  const queryClient = useQueryClient();
  const form = useValibotForm(rollbackReleaseSchema, { defaultValues: { remote, reason: '' } });
  const mutation = useMutation({
    mutationFn: rollbackRelease,
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: releaseKeys.all });
    },
  });

  const submit = form.handleSubmit(async (values) => {
    const confirmed = await confirm({
      title: t('releases.rollback.confirmTitle', { remote }),
      description: t('releases.rollback.confirmDescription', { area }),
      confirmText: t('releases.rollback.submit'),
    });
    // Errors (e.g. nothing earlier to roll back to) are toasted by the API client.
    if (confirmed) await mutation.mutateAsync(values).catch(() => undefined);
  });

  return (
    <Modal
      open
      title={t('releases.rollback.title', { area })}
      okText={t('releases.rollback.submit')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{
        htmlType: 'submit',
        form: FORM_ID,
        danger: true,
        loading: mutation.isPending,
        autoInsertSpace: false,
      }}
      cancelButtonProps={{ autoInsertSpace: false }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('releases.rollback.description', { area, version: pinnedVersion })}
      </Typography.Paragraph>
      <FormLayout id={FORM_ID} onSubmit={submit}>
        <FormTextField
          control={form.control}
          name="reason"
          label={t('common:fields.reason')}
          rows={3}
          maxLength={MAX_LENGTH.long}
          placeholder={t('releases.rollback.reasonPlaceholder')}
        />
      </FormLayout>
    </Modal>
  );
}
