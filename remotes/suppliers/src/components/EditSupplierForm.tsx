import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import { updateSupplierSchema, type SupplierDetail } from '@esim/contracts';
import { FormPanel, useValibotForm } from '@esim/ui';
import { supplierKeys, supplierQuery } from '../api';
import { supplierMutations } from '../mutations';
import {
  SUPPLIER_FORM_FIELDS,
  SupplierFormFields,
  toFormValues,
  withoutEmptyApiKey,
  type SupplierFormValues,
} from './SupplierFormFields';

export interface EditSupplierFormProps {
  supplier: SupplierDetail;
  onDone: () => void;
}

const valuesOf = (record: SupplierDetail) => ({
  ...toFormValues(record),
  id: record.id,
  version: record.version,
});

/**
 * Edit (PUT supplier) with the version the form loaded: if someone else saved meanwhile the API
 * answers 409 and the form says so, offering to reload the current record (nothing is
 * overwritten silently).
 */
export function EditSupplierForm({ supplier, onDone }: EditSupplierFormProps) {
  const { t } = useTranslation('suppliers');
  const queryClient = useQueryClient();
  const form = useValibotForm(updateSupplierSchema, { defaultValues: valuesOf(supplier) });
  const mutation = useMutation(supplierMutations.update(queryClient));

  /** Loads the record as it is now; the user's unsaved edits are dropped. */
  const reload = async () => {
    const current = await queryClient.fetchQuery({ ...supplierQuery(supplier.id), staleTime: 0 });
    form.reset(valuesOf(current));
    await queryClient.invalidateQueries({ queryKey: supplierKeys.all });
  };

  return (
    <FormPanel
      form={form}
      onSubmit={(values) => mutation.mutateAsync(withoutEmptyApiKey(values))}
      onSaved={onDone}
      onCancel={onDone}
      onReload={reload}
      serverFields={SUPPLIER_FORM_FIELDS}
      submitText={t('edit.submit')}
      conflictAlert={{
        title: t('conflict.title'),
        description: t('conflict.description'),
        testId: 'supplier-conflict',
      }}
    >
      <SupplierFormFields
        control={form.control as unknown as Control<SupplierFormValues>}
        mode="edit"
        apiKeySet={supplier.apiKeySet}
      />
    </FormPanel>
  );
}
