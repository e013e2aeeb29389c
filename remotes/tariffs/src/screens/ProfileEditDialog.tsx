import { Flex, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_LENGTH, updateTariffGroupSchema, type TariffGroupDetail } from '@esim/contracts';
import {
  FormLayout,
  FormTextField,
  confirm,
  useValibotForm,
  useHasInputProblem,
  handleSaveError,
  ConflictAlert,
} from '@esim/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tariffKeys, updateGroup } from '../api';
import { PricePreview } from '../components/PricePreview';
import { RuleFields } from '../components/RuleFields';

const FORM_ID = 'tariff-profile-edit-form';

/** Edit a profile's rule (PUT tariff/group with the loaded version; 409 -> conflict + Reload). */
export function ProfileEditDialog({
  group,
  onClose,
  onReload,
}: {
  group: TariffGroupDetail;
  onClose: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation(['tariffs', 'common']);
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const form = useValibotForm(updateTariffGroupSchema, {
    defaultValues: {
      id: group.id,
      tariffGroup: group.tariffGroup,
      name: group.name,
      description: group.description ?? '',
      baseTariff: group.baseTariff,
      logic1: group.logic1,
      logic2: group.logic2,
      logic3: group.logic3,
      inputMode: group.inputMode,
      version: group.version,
    },
  });
  const mutation = useMutation({ mutationFn: updateGroup });
  const close = async () => {
    if (form.formState.isDirty) {
      const leave = await confirm({
        title: t('form.discardTitle'),
        description: t('form.discardDescription'),
      });
      if (!leave) return;
    }
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      await queryClient.invalidateQueries({ queryKey: tariffKeys.all });
      onClose();
    } catch (error) {
      setConflict(handleSaveError(error, form.setError).conflict);
    }
  });
  const inputRefused = useHasInputProblem(form.control);
  return (
    <Modal
      open
      width={900}
      title={t('profile.editTitle', { code: group.tariffGroup })}
      onCancel={() => void close()}
      okText={t('form.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{
        htmlType: 'submit',
        form: FORM_ID,
        disabled: inputRefused,
        loading: mutation.isPending,
        autoInsertSpace: false,
      }}
      cancelButtonProps={{ autoInsertSpace: false }}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        {conflict && (
          <ConflictAlert
            onReload={() => {
              onReload();
              onClose();
            }}
          />
        )}
        <FormLayout id={FORM_ID} onSubmit={submit}>
          <FormTextField
            control={form.control}
            name="tariffGroup"
            label={t('common:fields.tariffGroup')}
            maxLength={MAX_LENGTH.code}
            required
          />
          <FormTextField
            control={form.control}
            name="name"
            label={t('common:fields.name')}
            maxLength={MAX_LENGTH.default}
            required
          />
          <FormTextField
            control={form.control}
            name="description"
            label={t('common:fields.description')}
            maxLength={MAX_LENGTH.description}
            rows={2}
          />
          <RuleFields control={form.control} withInputMode />
        </FormLayout>
        <PricePreview rule={form.watch()} />
      </Flex>
    </Modal>
  );
}
