import { ALL_VALUE } from '@esim/utils';
import { OptionSelect } from '../options/OptionSelect';
import type { OptionItem } from '../options/types';
import type { ListPageState } from './useListPage';

export interface ListFilterProps<F extends string> {
  list: ListPageState<F>;
  filterKey: F;
  label: string;
  /** The 'All …' option; with `multiple`, the placeholder shown while nothing is chosen. */
  allLabel: string;
  options: OptionItem<string>[];
  showSearch?: boolean;
  /** Searches the options on the server as the user types (the options follow the answer). */
  onSearch?: (text: string) => void;
  /** The options are being loaded. */
  loading?: boolean;
  /** Several options at once, kept in the URL as one comma-separated value (a,b). */
  multiple?: boolean;
  minWidth?: number;
  testId?: string;
}

/** One filter of the list: 'All …' or one option (or several, `multiple`), kept in the URL. */
export function ListFilter<F extends string>({
  list,
  filterKey,
  label,
  allLabel,
  options,
  showSearch,
  onSearch,
  loading,
  multiple,
  minWidth = 160,
  testId,
}: ListFilterProps<F>) {
  const current = list.filters[filterKey];
  const common = {
    'aria-label': label,
    'data-testid': testId,
    options,
    loading,
    showSearch: showSearch || Boolean(onSearch),
    ...(onSearch ? { onSearch, filterOption: false } : {}),
    style: { minWidth },
  };
  if (multiple) {
    // Values a user typed into the URL that are no option are left out.
    const known = new Set(options.map((option) => option.value));
    const chosen = (current ?? '').split(',').filter((value) => known.has(value));
    return (
      <OptionSelect
        {...common}
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={allLabel}
        value={chosen}
        onChange={(values: string[]) => list.setFilter(filterKey, values.join(',') || undefined)}
      />
    );
  }
  return (
    <OptionSelect
      {...common}
      includeAll
      allLabel={allLabel}
      value={current ?? ALL_VALUE}
      onChange={(value: unknown) =>
        list.setFilter(filterKey, value === ALL_VALUE || value == null ? undefined : String(value))
      }
    />
  );
}
