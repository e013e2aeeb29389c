import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import { publishNoticeSchema, updateNoticeSchema, type NoticeRecord } from '@esim/contracts';
import { FormDrawer, useValibotForm } from '@esim/ui';
import { noticeMutations, noticeQuery } from './api';
import {
  NOTICE_FORM_FIELDS,
  NoticeFormFields,
  toFormValues,
  type NoticeFormValues,
} from './NoticeFormFields';

export interface NoticeFormDrawerProps {
  /** The notice to edit; a new one when left out. */
  notice?: NoticeRecord;
  onClose: () => void;
}

/** Publish a notice (POST regular-update) or edit one (PUT, with its version). */
export function NoticeFormDrawer(props: NoticeFormDrawerProps) {
  return props.notice ? (
    <EditNoticeDrawer notice={props.notice} onClose={props.onClose} />
  ) : (
    <PublishNoticeDrawer onClose={props.onClose} />
  );
}

function PublishNoticeDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const form = useValibotForm(publishNoticeSchema, { defaultValues: toFormValues() });
  const mutation = useMutation(noticeMutations.publish(queryClient));
  return (
    <FormDrawer
      form={form}
      title={t('notices.form.publishTitle')}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onClose={onClose}
      serverFields={NOTICE_FORM_FIELDS}
      submitText={t('notices.form.publish')}
      submitTestId="notice-save"
      testId="notice-form"
      discard={{
        title: t('notices.form.discardTitle'),
        description: t('notices.form.discardDescription'),
      }}
    >
      <NoticeFormFields control={form.control} />
    </FormDrawer>
  );
}

const valuesOf = (notice: NoticeRecord) => ({
  ...toFormValues(notice),
  id: notice.id,
  version: notice.version,
});

function EditNoticeDrawer({ notice, onClose }: { notice: NoticeRecord; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const form = useValibotForm(updateNoticeSchema, { defaultValues: valuesOf(notice) });
  const mutation = useMutation(noticeMutations.update(queryClient));

  /** Loads the notice as it is now; the unsaved edits are dropped. */
  const reload = async () => {
    const current = await queryClient.fetchQuery({ ...noticeQuery(notice.id), staleTime: 0 });
    form.reset(valuesOf(current));
  };

  return (
    <FormDrawer
      form={form}
      title={t('notices.form.editTitle')}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onClose={onClose}
      onReload={reload}
      serverFields={NOTICE_FORM_FIELDS}
      submitText={t('notices.form.save')}
      submitTestId="notice-save"
      testId="notice-form"
      conflictAlert={{ testId: 'notice-conflict' }}
      discard={{
        title: t('notices.form.discardTitle'),
        description: t('notices.form.discardDescription'),
      }}
    >
      <NoticeFormFields control={form.control as unknown as Control<NoticeFormValues>} />
    </FormDrawer>
  );
}
