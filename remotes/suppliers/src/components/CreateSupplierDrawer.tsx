import { Button, Drawer, Flex } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createSupplierSchema } from '@esim/contracts';
import { isApiError } from '@esim/platform';
import {
  FormLayout,
  applyServerFieldErrors,
  confirm,
  useUnsavedChangesPrompt,
  useValibotForm,
} from '@esim/ui';
import { createSupplier, supplierKeys } from '../api';
import {
  SUPPLIER_FORM_FIELDS,
  SupplierFormFields,
  toFormValues,
  withoutEmptyApiKey,
} from './SupplierFormFields';

const FORM_ID = 'supplier-create-form';

export interface CreateSupplierDrawerProps {
  onClose: () => void;
}

/** The 'New supplier' form (POST supplier); on success it opens the new supplier. */
export function CreateSupplierDrawer({ onClose }: CreateSupplierDrawerProps) {
  const { t } = useTranslation('suppliers');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useValibotForm(createSupplierSchema, { defaultValues: toFormValues({}) });
  const { isDirty } = form.formState;
  const prompt = useUnsavedChangesPrompt(isDirty);
  const mutation = useMutation({ mutationFn: createSupplier });

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await mutation.mutateAsync(withoutEmptyApiKey(values));
      await queryClient.invalidateQueries({ queryKey: supplierKeys.lists() });
      prompt.allowNextNavigation();
      form.reset(values);
      onClose();
      void navigate(`/supplier-management/detail?id=${encodeURIComponent(created.id)}`);
    } catch (error) {
      // The client has already shown the message; put field errors on their fields.
      if (isApiError(error))
        applyServerFieldErrors(form.setError, error.errors, SUPPLIER_FORM_FIELDS);
    }
  });

  const close = async () => {
    if (
      !isDirty ||
      (await confirm({ title: t('form.discardTitle'), description: t('form.discardDescription') }))
    )
      onClose();
  };

  return (
    <Drawer
      open
      title={t('create.title')}
      size="large"
      onClose={() => void close()}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap="small">
          <Button onClick={() => void close()} autoInsertSpace={false}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            form={FORM_ID}
            loading={mutation.isPending}
            autoInsertSpace={false}
          >
            {t('create.submit')}
          </Button>
        </Flex>
      }
    >
      <FormLayout id={FORM_ID} onSubmit={submit}>
        <SupplierFormFields control={form.control} mode="create" />
      </FormLayout>
    </Drawer>
  );
}
