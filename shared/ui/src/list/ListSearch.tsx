import { Input, type InputProps } from 'antd';
import type { ListPageState } from './useListPage';

export interface ListSearchProps<F extends string> {
  list: ListPageState<F>;
  label: string;
  placeholder?: string;
  width?: number;
  maxLength?: number;
  /** 'numeric' for searches by number (an ICCID), so phones show the digit keyboard. */
  inputMode?: InputProps['inputMode'];
}

/** The list's search box: typed freely, applied on Enter or the button, kept in the URL. */
export function ListSearch<F extends string>({
  list,
  label,
  placeholder,
  width = 280,
  maxLength = 100,
  inputMode,
}: ListSearchProps<F>) {
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder ?? label}
      allowClear
      value={list.searchText}
      maxLength={maxLength}
      inputMode={inputMode}
      onChange={(event) => list.setSearchText(event.target.value)}
      onSearch={(value) => list.setFilter('search' as F, value.trim() || undefined)}
      style={{ width }}
    />
  );
}
