import { Button, Col, Drawer, Flex, Form } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { createProductSchema, type CreateProductInput } from '@esim/contracts';
import {
  FormLayout,
  FormNumberField,
  confirm,
  useUnsavedChangesPrompt,
  useValibotForm,
  ServerErrors,
  handleSaveError,
} from '@esim/ui';
import { createProduct, productKeys, supplierOptionsQuery } from '../api';
import { PRODUCT_DETAIL_PATH } from '../paths';

import { LabelsSelect } from './LabelsSelect';
import {
  PRODUCT_FORM_FIELDS,
  ProductFormFields,
  toFormValues,
  type ProductFormValues,
} from './ProductFormFields';

const FORM_ID = 'product-create-form';
const CREATE_FIELDS = [...PRODUCT_FORM_FIELDS, 'sellingPriceJpy', 'labels'] as const;

function LabelsField({ control }: { control: Control<CreateProductInput> }) {
  const { t } = useTranslation(['products', 'common']);
  const { field } = useController({ control, name: 'labels' });
  return (
    <Form.Item label={t('common:fields.labels')} htmlFor="field-labels">
      <LabelsSelect
        id="field-labels"
        value={field.value ?? []}
        onChange={(labels) => field.onChange(labels)}
      />
    </Form.Item>
  );
}

export interface CreateProductDrawerProps {
  onClose: () => void;
}

/** 'New product' (POST product) for a stock-type supplier; on success it opens the product. */
export function CreateProductDrawer({ onClose }: CreateProductDrawerProps) {
  const { t } = useTranslation(['products', 'common']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const suppliers = useQuery(supplierOptionsQuery());
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const form = useValibotForm(createProductSchema, {
    defaultValues: { ...toFormValues({}), sellingPriceJpy: null, labels: [] },
  });
  const { isDirty } = form.formState;
  const prompt = useUnsavedChangesPrompt(isDirty);
  const mutation = useMutation({ mutationFn: createProduct });

  // Choosing a supplier suggests its purchase currency for the cost (until the user picks one).
  const supplierId = useWatch({ control: form.control, name: 'supplierId' });
  const { getFieldState, setValue } = form;
  useEffect(() => {
    const supplier = suppliers.data?.items.find((item) => item.id === supplierId);
    if (supplier && !getFieldState('costCurrency').isDirty)
      setValue('costCurrency', supplier.purchaseCurrency || supplier.currency);
  }, [supplierId, suppliers.data, getFieldState, setValue]);

  const submit = form.handleSubmit(async (values) => {
    setUnplaced([]);
    try {
      const created = await mutation.mutateAsync(values);
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
      prompt.allowNextNavigation();
      form.reset(form.getValues());
      onClose();
      void navigate(`${PRODUCT_DETAIL_PATH}?id=${encodeURIComponent(created.id)}`);
    } catch (error) {
      setUnplaced(handleSaveError(error, form.setError, CREATE_FIELDS).unplaced);
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
            {t('common:actions.cancel')}
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
        <ServerErrors messages={unplaced} />
        <ProductFormFields
          control={form.control as unknown as Control<ProductFormValues>}
          mode="create"
          extra={
            <>
              <Col xs={24} md={8}>
                <FormNumberField
                  control={form.control}
                  name="sellingPriceJpy"
                  label={t('common:fields.sellingPriceJpy')}
                  decimals={0}
                  maxLength={10}
                  suffix="JPY"
                  extra={t('form.sellingPriceHint')}
                />
              </Col>
              <Col xs={24} md={16}>
                <LabelsField control={form.control} />
              </Col>
            </>
          }
        />
      </FormLayout>
    </Drawer>
  );
}
