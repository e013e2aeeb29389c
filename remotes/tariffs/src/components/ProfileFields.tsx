import { MAX_LENGTH } from '@esim/contracts';
import { FormTextField } from '@esim/ui';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RuleFields } from './RuleFields';

export interface ProfileFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** Help under the tariff group (shown when the group is chosen, at creation). */
  groupHelp?: string;
  descriptionRows?: number;
}

/** A tariff profile's fields (group, name, description, pricing rule with input mode). */
export function ProfileFields<T extends FieldValues>({
  control,
  groupHelp,
  descriptionRows = 2,
}: ProfileFieldsProps<T>) {
  const { t } = useTranslation(['tariffs', 'common']);
  const name = (field: string) => field as Path<T>;
  return (
    <>
      <FormTextField
        control={control}
        name={name('tariffGroup')}
        label={t('common:fields.tariffGroup')}
        maxLength={MAX_LENGTH.code}
        required
        {...(groupHelp ? { extra: groupHelp } : {})}
      />
      <FormTextField
        control={control}
        name={name('name')}
        label={t('common:fields.name')}
        maxLength={MAX_LENGTH.default}
        required
      />
      <FormTextField
        control={control}
        name={name('description')}
        label={t('common:fields.description')}
        maxLength={MAX_LENGTH.description}
        rows={descriptionRows}
      />
      <RuleFields control={control} withInputMode />
    </>
  );
}
