import { Col, Form } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { createProductSchema, type CreateProductInput } from '@esim/contracts';
import { FormDrawer, FormNumberField, useValibotForm } from '@esim/ui';
import { supplierOptionsQuery } from '../api';
import { productMutations } from '../mutations';
import { PRODUCT_DETAIL_PATH } from '../paths';

import { LabelsSelect } from './LabelsSelect';
import {
  PRODUCT_FORM_FIELDS,
  ProductFormFields,
  toFormValues,
  type ProductFormValues,
} from './ProductFormFields';

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
  const form = useValibotForm(createProductSchema, {
    defaultValues: { ...toFormValues({}), sellingPriceJpy: null, labels: [] },
  });
  const mutation = useMutation(productMutations.create(queryClient));

  // Choosing a supplier suggests its purchase currency for the cost (until the user picks one).
  const supplierId = useWatch({ control: form.control, name: 'supplierId' });
  const { getFieldState, setValue } = form;
  useEffect(() => {
    const supplier = suppliers.data?.items.find((item) => item.id === supplierId);
    if (supplier && !getFieldState('costCurrency').isDirty)
      setValue('costCurrency', supplier.purchaseCurrency || supplier.currency);
  }, [supplierId, suppliers.data, getFieldState, setValue]);

  return (
    <FormDrawer
      form={form}
      title={t('create.title')}
      onSubmit={mutation.mutateAsync}
      onSaved={(created) =>
        void navigate(`${PRODUCT_DETAIL_PATH}?id=${encodeURIComponent(created.id)}`)
      }
      onClose={onClose}
      serverFields={CREATE_FIELDS}
      submitText={t('create.submit')}
    >
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
    </FormDrawer>
  );
}
