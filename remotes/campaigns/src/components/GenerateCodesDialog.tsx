import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CAMPAIGN_PREFIX_MAX_LENGTH,
  generateCampaignCodesSchema,
  MAX_CAMPAIGN_CODES_PER_GENERATION,
  type CampaignGenerateResult,
} from '@esim/contracts';
import { FormDialog, FormNumberField, FormTextField, useValibotForm } from '@esim/ui';
import { campaignMutations } from '../mutations';

export interface GenerateCodesDialogProps {
  campaignId: string;
  onClose: () => void;
  onGenerated: (result: CampaignGenerateResult) => void;
}

/** "Generate codes": a prefix and how many single-use codes (POST campaign/generate-codes). */
export function GenerateCodesDialog({
  campaignId,
  onClose,
  onGenerated,
}: GenerateCodesDialogProps) {
  const { t } = useTranslation('campaigns');
  const queryClient = useQueryClient();
  const form = useValibotForm(generateCampaignCodesSchema, {
    defaultValues: { id: campaignId, prefix: '', count: undefined as unknown as number },
  });
  const mutation = useMutation(campaignMutations.generate(queryClient));
  return (
    <FormDialog
      form={form}
      title={t('codes.generateTitle')}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onSaved={onGenerated}
      onClose={onClose}
      serverFields={['prefix', 'count']}
      submitText={t('codes.generateSubmit')}
      submitTestId="generate-submit"
      testId="generate-form"
    >
      <FormTextField
        control={form.control}
        name="prefix"
        label={t('codes.prefix')}
        maxLength={CAMPAIGN_PREFIX_MAX_LENGTH}
        extra={t('codes.prefixHint')}
      />
      <FormNumberField
        control={form.control}
        name="count"
        label={t('codes.count')}
        decimals={0}
        maxLength={5}
        required
        extra={t('codes.countHint', { max: MAX_CAMPAIGN_CODES_PER_GENERATION })}
      />
    </FormDialog>
  );
}
