import { Select, type RefSelectProps, type SelectProps } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_VALUE, withAllOption } from '@esim/utils';
import type { OptionItem } from './types';

export interface OptionSelectProps extends Omit<SelectProps, 'options'> {
  options: readonly OptionItem[];
  /** Prepends an 'All' option whose value means "show all". */
  includeAll?: boolean;
  /** Label of the 'All' option; defaults to the translated "All". */
  allLabel?: string;
  /** Value of the 'All' option; defaults to @esim/utils' ALL_VALUE. */
  allValue?: string | number;
  ref?: Ref<RefSelectProps>;
}

/** antd Select over label/value pairs, optionally with a leading 'All' option. */
export function OptionSelect({
  options,
  includeAll,
  allLabel,
  allValue = ALL_VALUE,
  ...rest
}: OptionSelectProps) {
  const { t } = useTranslation('ui');
  const items = includeAll
    ? withAllOption(options, allLabel ?? t('options.all'), allValue)
    : options;
  return <Select optionFilterProp="label" {...rest} options={items as OptionItem[]} />;
}
