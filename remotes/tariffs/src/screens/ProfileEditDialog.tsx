import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateTariffGroupSchema, type TariffGroupDetail } from '@esim/contracts';
import { FormDialog, useValibotForm } from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { PricePreview } from '../components/PricePreview';
import { ProfileFields } from '../components/ProfileFields';
import { tariffMutations } from '../mutations';

/** Edit a profile's rule (PUT tariff/group with the loaded version; 409 -> conflict + Reload). */
export function ProfileEditDialog({
  group,
  onClose,
  onReload,
}: {
  group: TariffGroupDetail;
  onClose: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation(['tariffs', 'common']);
  const queryClient = useQueryClient();
  const form = useValibotForm(updateTariffGroupSchema, {
    defaultValues: {
      id: group.id,
      tariffGroup: group.tariffGroup,
      name: group.name,
      description: group.description ?? '',
      baseTariff: group.baseTariff,
      logic1: group.logic1,
      logic2: group.logic2,
      logic3: group.logic3,
      inputMode: group.inputMode,
      version: group.version,
    },
  });
  const mutation = useMutation(tariffMutations.updateGroup(queryClient));
  return (
    <FormDialog
      form={form}
      width={900}
      title={t('profile.editTitle', { code: group.tariffGroup })}
      onSubmit={mutation.mutateAsync}
      onClose={onClose}
      // The profile as it is now is shown by the screen; edit it again from there.
      onReload={() => {
        onReload();
        onClose();
      }}
      below={<PricePreview rule={form.watch()} />}
    >
      <ProfileFields control={form.control} />
    </FormDialog>
  );
}
