import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import { updatePartnerSchema, type PartnerDetail } from '@esim/contracts';
import { FormPanel, useValibotForm } from '@esim/ui';
import { partnerKeys, partnerQuery } from '../api';
import { partnerMutations } from '../mutations';
import {
  PARTNER_FORM_FIELDS,
  PartnerFormFields,
  toFormValues,
  type PartnerFormValues,
} from './PartnerFormFields';

export interface EditPartnerFormProps {
  partner: PartnerDetail;
  onDone: () => void;
  /** The caller is the partner's own staff: its terms are read-only. */
  ownPartner?: boolean;
}

const valuesOf = (record: PartnerDetail) => ({
  ...toFormValues(record),
  id: record.id,
  version: record.version,
});

/** Edit (PUT partner) with the version the form loaded: a 409 offers to reload. */
export function EditPartnerForm({ partner, onDone, ownPartner = false }: EditPartnerFormProps) {
  const { t } = useTranslation('partners');
  const queryClient = useQueryClient();
  const form = useValibotForm(updatePartnerSchema, { defaultValues: valuesOf(partner) });
  const mutation = useMutation(partnerMutations.update(queryClient));

  const reload = async () => {
    const current = await queryClient.fetchQuery({ ...partnerQuery(partner.id), staleTime: 0 });
    form.reset(valuesOf(current));
    await queryClient.invalidateQueries({ queryKey: partnerKeys.all });
  };

  return (
    <FormPanel
      form={form}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onSaved={onDone}
      onCancel={onDone}
      onReload={reload}
      serverFields={PARTNER_FORM_FIELDS}
      submitText={t('edit.submit')}
      conflictAlert={{
        title: t('conflict.title'),
        description: t('conflict.description'),
        testId: 'partner-conflict',
      }}
    >
      <PartnerFormFields
        control={form.control as unknown as Control<PartnerFormValues>}
        staffOnlyLocked={ownPartner}
      />
    </FormPanel>
  );
}
