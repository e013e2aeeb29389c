import { Button, Flex } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import { updateSupplierSchema, type SupplierDetail } from '@esim/contracts';
import {
  ConflictAlert,
  FormLayout,
  handleSaveError,
  useUnsavedChangesPrompt,
  useValibotForm,
} from '@esim/ui';
import { supplierKeys, supplierQuery, updateSupplier } from '../api';
import {
  SUPPLIER_FORM_FIELDS,
  SupplierFormFields,
  toFormValues,
  withoutEmptyApiKey,
  type SupplierFormValues,
} from './SupplierFormFields';

const FORM_ID = 'supplier-edit-form';

export interface EditSupplierFormProps {
  supplier: SupplierDetail;
  onDone: () => void;
}

/**
 * Edit (PUT supplier) with the version the form loaded: if someone else saved meanwhile the API
 * answers 409 and the form says so, offering to reload the current record (nothing is
 * overwritten silently).
 */
export function EditSupplierForm({ supplier, onDone }: EditSupplierFormProps) {
  const { t } = useTranslation('suppliers');
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const form = useValibotForm(updateSupplierSchema, {
    defaultValues: { ...toFormValues(supplier), id: supplier.id, version: supplier.version },
  });
  const { isDirty } = form.formState;
  const prompt = useUnsavedChangesPrompt(isDirty);
  const mutation = useMutation({ mutationFn: updateSupplier });

  const submit = form.handleSubmit(async (values) => {
    setConflict(false);
    try {
      const saved = await mutation.mutateAsync(withoutEmptyApiKey(values));
      queryClient.setQueryData(supplierKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: supplierKeys.all });
      form.reset({ ...toFormValues(saved), id: saved.id, version: saved.version });
      prompt.allowNextNavigation();
      onDone();
    } catch (error) {
      setConflict(handleSaveError(error, form.setError, SUPPLIER_FORM_FIELDS).conflict);
    }
  });

  /** Loads the record as it is now; the user's unsaved edits are dropped. */
  const reload = async () => {
    setReloading(true);
    try {
      const current = await queryClient.fetchQuery({ ...supplierQuery(supplier.id), staleTime: 0 });
      form.reset({ ...toFormValues(current), id: current.id, version: current.version });
      setConflict(false);
      await queryClient.invalidateQueries({ queryKey: supplierKeys.all });
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
          <ConflictAlert
            onReload={() => void reload()}
            reloading={reloading}
            title={t('conflict.title')}
            description={t('conflict.description')}
            testId="supplier-conflict"
          />
        </div>
      )}
      <SupplierFormFields
        control={form.control as unknown as Control<SupplierFormValues>}
        mode="edit"
        apiKeySet={supplier.apiKeySet}
      />
      <Flex justify="flex-end" gap="small">
        <Button onClick={cancel} autoInsertSpace={false}>
          {t('actions.cancel')}
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
