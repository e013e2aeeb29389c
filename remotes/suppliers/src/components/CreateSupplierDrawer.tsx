import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createSupplierSchema } from '@esim/contracts';
import { FormDrawer, useValibotForm } from '@esim/ui';
import { supplierMutations } from '../mutations';
import {
  SUPPLIER_FORM_FIELDS,
  SupplierFormFields,
  toFormValues,
  withoutEmptyApiKey,
} from './SupplierFormFields';

export interface CreateSupplierDrawerProps {
  onClose: () => void;
}

/** The 'New supplier' form (POST supplier); on success it opens the new supplier. */
export function CreateSupplierDrawer({ onClose }: CreateSupplierDrawerProps) {
  const { t } = useTranslation('suppliers');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useValibotForm(createSupplierSchema, { defaultValues: toFormValues({}) });
  const mutation = useMutation(supplierMutations.create(queryClient));

  return (
    <FormDrawer
      form={form}
      title={t('create.title')}
      onSubmit={(values) => mutation.mutateAsync(withoutEmptyApiKey(values))}
      onSaved={(created) =>
        void navigate(`/supplier-management/detail?id=${encodeURIComponent(created.id)}`)
      }
      onClose={onClose}
      serverFields={SUPPLIER_FORM_FIELDS}
      submitText={t('create.submit')}
      discard={{ title: t('form.discardTitle'), description: t('form.discardDescription') }}
    >
      <SupplierFormFields control={form.control} mode="create" />
    </FormDrawer>
  );
}
