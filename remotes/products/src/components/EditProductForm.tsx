import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import { updateProductSchema, type ProductDetail } from '@esim/contracts';
import { FormPanel, useValibotForm } from '@esim/ui';
import { productKeys, productQuery } from '../api';
import { productMutations } from '../mutations';
import {
  PRODUCT_FORM_FIELDS,
  ProductFormFields,
  toFormValues,
  type ProductFormValues,
} from './ProductFormFields';
import { useProductConflictWords } from './forms';

export interface EditProductFormProps {
  product: ProductDetail;
  onDone: () => void;
}

const valuesOf = (record: ProductDetail) => ({
  ...toFormValues(record),
  id: record.id,
  version: record.version,
});

/**
 * Edit (PUT product) with the version the form loaded: if someone else saved meanwhile the API
 * answers 409 and the form says so, offering to reload the current record (nothing is
 * overwritten silently). Prices and labels are changed with their own dialogs.
 */
export function EditProductForm({ product, onDone }: EditProductFormProps) {
  const { t } = useTranslation(['products', 'common']);
  const queryClient = useQueryClient();
  const form = useValibotForm(updateProductSchema, { defaultValues: valuesOf(product) });
  const mutation = useMutation(productMutations.update(queryClient));

  /** Loads the record as it is now; the user's unsaved edits are dropped. */
  const reload = async () => {
    const current = await queryClient.fetchQuery({ ...productQuery(product.id), staleTime: 0 });
    form.reset(valuesOf(current));
    await queryClient.invalidateQueries({ queryKey: productKeys.all });
  };

  return (
    <FormPanel
      form={form}
      onSubmit={mutation.mutateAsync}
      onSaved={onDone}
      onCancel={onDone}
      onReload={reload}
      serverFields={PRODUCT_FORM_FIELDS}
      submitText={t('edit.submit')}
      conflictAlert={useProductConflictWords()}
    >
      <ProductFormFields
        control={form.control as unknown as Control<ProductFormValues>}
        mode="edit"
      />
    </FormPanel>
  );
}
