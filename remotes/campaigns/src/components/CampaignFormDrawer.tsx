import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Control, UseFormReturn } from 'react-hook-form';
import { createCampaignSchema, updateCampaignSchema, type CampaignDetail } from '@esim/contracts';
import { FormDrawer, useValibotForm } from '@esim/ui';
import { campaignKeys, campaignQuery } from '../api';
import { campaignMutations } from '../mutations';
import {
  CAMPAIGN_FORM_FIELDS,
  CampaignFormFields,
  toFormValues,
  type CampaignFormValues,
} from './CampaignFormFields';

export interface CampaignFormDrawerProps {
  /** The campaign to edit; a new one when left out. */
  campaign?: CampaignDetail;
  onClose: () => void;
  onSaved?: (saved: CampaignDetail) => void;
}

/** The new / edit campaign form in a drawer (POST or PUT campaign). */
export function CampaignFormDrawer(props: CampaignFormDrawerProps) {
  return props.campaign ? (
    <EditCampaignDrawer {...props} campaign={props.campaign} />
  ) : (
    <CreateCampaignDrawer {...props} />
  );
}

/** An emptied use quantity is the contract's null (unlimited), not a missing field. */
function blankQuantityIsNull(form: UseFormReturn<CampaignFormValues, unknown, unknown>) {
  return () => {
    if (form.getValues('useQuantity') === undefined) form.setValue('useQuantity', null);
  };
}

function CreateCampaignDrawer({ onClose, onSaved }: CampaignFormDrawerProps) {
  const { t } = useTranslation('campaigns');
  const queryClient = useQueryClient();
  const form = useValibotForm(createCampaignSchema, { defaultValues: toFormValues() });
  const mutation = useMutation(campaignMutations.create(queryClient));
  return (
    <FormDrawer
      form={form}
      title={t('form.createTitle')}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onSaved={onSaved}
      onClose={onClose}
      beforeValidate={blankQuantityIsNull(
        form as unknown as UseFormReturn<CampaignFormValues, unknown, unknown>,
      )}
      serverFields={CAMPAIGN_FORM_FIELDS}
      submitText={t('form.create')}
      submitTestId="campaign-save"
      testId="campaign-form"
      discard={{ title: t('form.discardTitle'), description: t('form.discardDescription') }}
    >
      <CampaignFormFields control={form.control} />
    </FormDrawer>
  );
}

const valuesOf = (campaign: CampaignDetail) => ({
  ...toFormValues(campaign),
  id: campaign.id,
  version: campaign.version,
});

function EditCampaignDrawer({
  campaign,
  onClose,
  onSaved,
}: CampaignFormDrawerProps & { campaign: CampaignDetail }) {
  const { t } = useTranslation('campaigns');
  const queryClient = useQueryClient();
  const form = useValibotForm(updateCampaignSchema, { defaultValues: valuesOf(campaign) });
  const mutation = useMutation(campaignMutations.update(queryClient));

  /** Loads the campaign as it is now; the user's unsaved edits are dropped. */
  const reload = async () => {
    const current = await queryClient.fetchQuery({ ...campaignQuery(campaign.id), staleTime: 0 });
    form.reset(valuesOf(current));
    await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
  };

  return (
    <FormDrawer
      form={form}
      title={t('form.editTitle', { code: campaign.code })}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onSaved={onSaved}
      onClose={onClose}
      onReload={reload}
      beforeValidate={blankQuantityIsNull(
        form as unknown as UseFormReturn<CampaignFormValues, unknown, unknown>,
      )}
      serverFields={CAMPAIGN_FORM_FIELDS}
      submitText={t('form.save')}
      submitTestId="campaign-save"
      testId="campaign-form"
      conflictAlert={{ testId: 'campaign-conflict' }}
      discard={{ title: t('form.discardTitle'), description: t('form.discardDescription') }}
    >
      <CampaignFormFields
        control={form.control as unknown as Control<CampaignFormValues>}
        campaign={campaign}
      />
    </FormDrawer>
  );
}
