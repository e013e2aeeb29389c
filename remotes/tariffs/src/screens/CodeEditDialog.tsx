import { Col, Flex, Modal, Row } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAX_LENGTH,
  updateTariffCodeSchema,
  type PricingRule,
  type TariffCodeSummary,
} from '@esim/contracts';
import { FormLayout, FormTextField, confirm, useValibotForm } from '@esim/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tariffKeys, updateCode } from '../api';
import {
  CodeOverrideFields,
  GroupRuleCard,
  effectiveRule,
  toOverrides,
} from '../components/CodeOverrides';
import { ConflictAlert, handleSaveError } from '../components/forms';
import { PricePreview } from '../components/PricePreview';

const FORM_ID = 'tariff-code-edit-form';

/**
 * Edit a code's name, description and rule overrides (PUT tariff with the loaded version;
 * an empty override is sent as null = the profile's value; 409 -> conflict + Reload).
 */
export function CodeEditDialog({
  code,
  group,
  onClose,
  onReload,
}: {
  code: TariffCodeSummary;
  /** The profile's rule the code inherits from. */
  group: PricingRule;
  onClose: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation(['tariffs', 'common']);
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const form = useValibotForm(updateTariffCodeSchema, {
    defaultValues: {
      id: code.id,
      tariffCode: code.tariffCode,
      name: code.name ?? '',
      description: code.description ?? '',
      ...code.overrides,
      version: code.version,
    },
  });
  const mutation = useMutation({ mutationFn: updateCode });
  const values = form.watch();
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
  const submit = form.handleSubmit(async (input) => {
    setConflict(false);
    try {
      await mutation.mutateAsync({ ...input, ...toOverrides(input) });
      // The code's detail (in its profile), its product list (computed prices) and its history.
      await queryClient.invalidateQueries({ queryKey: tariffKeys.all });
      onClose();
    } catch (error) {
      setConflict(handleSaveError(error, form.setError));
    }
  });
  return (
    <Modal
      open
      width={960}
      title={t('code.editTitle', { code: code.tariffCode })}
      onCancel={() => void close()}
      okText={t('form.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{
        htmlType: 'submit',
        form: FORM_ID,
        loading: mutation.isPending,
        autoInsertSpace: false,
      }}
      cancelButtonProps={{ autoInsertSpace: false }}
      destroyOnHidden
    >
      <Flex vertical gap="middle" data-testid="tariff-code-edit">
        {conflict && (
          <ConflictAlert
            onReload={() => {
              onReload();
              onClose();
            }}
          />
        )}
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={14}>
            <FormLayout id={FORM_ID} onSubmit={submit} disabled={mutation.isPending}>
              <FormTextField
                control={form.control}
                name="name"
                label={t('common:fields.name')}
                maxLength={MAX_LENGTH.default}
              />
              <FormTextField
                control={form.control}
                name="description"
                label={t('common:fields.description')}
                maxLength={MAX_LENGTH.description}
                rows={2}
              />
              <CodeOverrideFields control={form.control} />
            </FormLayout>
          </Col>
          <Col xs={24} lg={10}>
            <Flex vertical gap="middle">
              <GroupRuleCard group={group} />
              <PricePreview rule={effectiveRule(group, values)} />
            </Flex>
          </Col>
        </Row>
      </Flex>
    </Modal>
  );
}
