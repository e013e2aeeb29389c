import type { Option } from '@esim/utils';

/** One entry of an option list (spec: label/value pairs), optionally disabled. */
export type OptionItem<V extends string | number = string | number> = Option<V> & {
  disabled?: boolean;
};
