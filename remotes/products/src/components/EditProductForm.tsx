import { Button, Flex } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import { updateProductSchema, type ProductDetail } from '@esim/contracts';
import {
  FormLayout,
  useUnsavedChangesPrompt,
  useValibotForm,
  ServerErrors,
  handleSaveError,
} from '@esim/ui';
import { productKeys, productQuery, updateProduct } from '../api';
import { ProductConflictAlert } from './forms';
import {
  PRODUCT_FORM_FIELDS,
  ProductFormFields,
  toFormValues,
  type ProductFormValues,
} from './ProductFormFields';

const FORM_ID = 'product-edit-form';

export interface EditProductFormProps {
  product: ProductDetail;
  onDone: () => void;
}

/**
 * Edit (PUT product) with the version the form loaded: if someone else saved meanwhile the API
 * answers 409 and the form says so, offering to reload the current record (nothing is
 * overwritten silently). Prices and labels are changed with their own dialogs.
 */
export function EditProductForm({ product, onDone }: EditProductFormProps) {
  const { t } = useTranslation(['products', 'common']);
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const valuesOf = (record: ProductDetail) => ({
    ...toFormValues(record),
    id: record.id,
    version: record.version,
  });
  const form = useValibotForm(updateProductSchema, { defaultValues: valuesOf(product) });
  const { isDirty } = form.formState;
  const prompt = useUnsavedChangesPrompt(isDirty);
  const mutation = useMutation({ mutationFn: updateProduct });

  const submit = form.handleSubmit(async (values) => {
    setConflict(false);
    setUnplaced([]);
    try {
      const saved = await mutation.mutateAsync(values);
      queryClient.setQueryData(productKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
      form.reset(valuesOf(saved));
      prompt.allowNextNavigation();
      onDone();
    } catch (error) {
      const outcome = handleSaveError(error, form.setError, PRODUCT_FORM_FIELDS);
      setConflict(outcome.conflict);
      setUnplaced(outcome.unplaced);
    }
  });

  /** Loads the record as it is now; the user's unsaved edits are dropped. */
  const reload = async () => {
    setReloading(true);
    try {
      const current = await queryClient.fetchQuery({ ...productQuery(product.id), staleTime: 0 });
      form.reset(valuesOf(current));
      setConflict(false);
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
    } finally {
      setReloading(false);
    }
  };

  const cancel = () => {
    form.reset();
    prompt.allowNextNavigation();
    onDone();
  };

  return (
    <FormLayout id={FORM_ID} onSubmit={submit}>
      {conflict && (
        <div style={{ marginBottom: 16 }}>
          <ProductConflictAlert onReload={() => void reload()} reloading={reloading} />
        </div>
      )}
      <ServerErrors messages={unplaced} />
      <ProductFormFields
        control={form.control as unknown as Control<ProductFormValues>}
        mode="edit"
      />
      <Flex justify="flex-end" gap="small">
        <Button onClick={cancel} autoInsertSpace={false}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={mutation.isPending}
          disabled={conflict}
          autoInsertSpace={false}
        >
          {t('edit.submit')}
        </Button>
      </Flex>
    </FormLayout>
  );
}
