import { BASE_TARIFFS, INPUT_MODES, LOGIC3_OPTIONS, MARKUP_OPTIONS } from '@esim/contracts';
import { FormNumberField, FormSelectField, type OptionItem } from '@esim/ui';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export interface RuleFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** Code overrides: every field may be left empty (= the group's value). */
  inherit?: boolean;
  /** Show the input mode (groups only). */
  withInputMode?: boolean;
}

/** The pricing rule's fields: base tariff, logic 1-3 (and the group's input mode). */
export function RuleFields<T extends FieldValues>({
  control,
  inherit,
  withInputMode,
}: RuleFieldsProps<T>) {
  const { t } = useTranslation(['tariffs', 'common']);
  const baseOptions: OptionItem<string>[] = BASE_TARIFFS.map((value) => ({
    value,
    label: t(`baseTariff.${value}`),
  }));
  const markupOptions: OptionItem<number>[] = MARKUP_OPTIONS.map((value) => ({
    value,
    label: `${value > 0 ? '+' : ''}${value}%`,
  }));
  const logic3Options: OptionItem<number>[] = LOGIC3_OPTIONS.map((value) => ({
    value,
    label: t(`logic3.${value}`),
  }));
  const modeOptions: OptionItem<string>[] = INPUT_MODES.map((value) => ({
    value,
    label: t(`inputMode.${value}`),
  }));
  const placeholder = inherit ? t('form.inherit') : undefined;
  const name = (field: string) => field as Path<T>;
  return (
    <>
      <FormSelectField
        control={control}
        name={name('baseTariff')}
        label={t('common:fields.baseTariff')}
        options={baseOptions}
        required={!inherit}
        allowClear={inherit}
        placeholder={placeholder}
      />
      <FormSelectField
        control={control}
        name={name('logic1')}
        label={t('common:fields.logic1')}
        options={markupOptions}
        required={!inherit}
        allowClear={inherit}
        placeholder={placeholder}
        showSearch
        extra={t('form.logic1Help')}
      />
      <FormNumberField
        control={control}
        name={name('logic2')}
        label={t('common:fields.logic2')}
        decimals={0}
        required={!inherit}
        placeholder={placeholder}
        suffix="JPY"
        maxLength={8}
        extra={t('form.logic2Help')}
      />
      <FormSelectField
        control={control}
        name={name('logic3')}
        label={t('common:fields.logic3')}
        options={logic3Options}
        required={!inherit}
        allowClear={inherit}
        placeholder={placeholder}
        extra={t('form.logic3Help')}
      />
      {withInputMode && (
        <FormSelectField
          control={control}
          name={name('inputMode')}
          label={t('common:fields.inputMode')}
          options={modeOptions}
          required
          extra={t('form.inputModeHelp')}
        />
      )}
    </>
  );
}
