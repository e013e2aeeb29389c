import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ALL_VALUE } from '@esim/utils';
import { OptionSelect } from '../options/OptionSelect';
import type { OptionItem } from '../options/types';
import type { ListPageState } from './useListPage';

export interface ListPageProps {
  /** data-screen of the area screen (e2e and the shell find screens by it). */
  screen: string;
  title: ReactNode;
  /** The export button (shown when given). */
  exportAction?: { label: string; exporting: boolean; run: () => void };
  /** The create button (shown when given: pass it only to users who may create). */
  createAction?: { label: string; run: () => void; icon?: ReactNode };
  /** More in the header, before the buttons (a link to a related screen). */
  headerExtra?: ReactNode;
  /** Search and filter controls (ListSearch, ListFilter ...). */
  filters?: ReactNode;
  /** The DataTable. */
  children: ReactNode;
}

/** The frame of every list screen: title with export and create, the filter bar, the table. */
export function ListPage({
  screen,
  title,
  exportAction,
  createAction,
  headerExtra,
  filters,
  children,
}: ListPageProps) {
  return (
    <Flex vertical gap="middle" data-testid="area-screen" data-screen={screen}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Flex gap="small" align="center" wrap>
          {headerExtra}
          {exportAction && (
            <Button
              icon={<DownloadOutlined />}
              onClick={exportAction.run}
              loading={exportAction.exporting}
              autoInsertSpace={false}
            >
              {exportAction.label}
            </Button>
          )}
          {createAction && (
            <Button
              type="primary"
              icon={createAction.icon ?? <PlusOutlined />}
              onClick={createAction.run}
              autoInsertSpace={false}
            >
              {createAction.label}
            </Button>
          )}
        </Flex>
      </Flex>
      {filters && (
        <Flex gap="small" wrap align="center" role="search">
          {filters}
        </Flex>
      )}
      {children}
    </Flex>
  );
}

/** The list's search box: typed freely, applied on Enter or the button, kept in the URL. */
export function ListSearch<F extends string>({
  list,
  label,
  placeholder,
  width = 280,
}: {
  list: ListPageState<F>;
  label: string;
  placeholder?: string;
  width?: number;
}) {
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder ?? label}
      allowClear
      value={list.searchText}
      maxLength={100}
      onChange={(event) => list.setSearchText(event.target.value)}
      onSearch={(value) => list.setFilter('search' as F, value.trim() || undefined)}
      style={{ width }}
    />
  );
}

/** One filter of the list: 'All …' or one option, kept in the URL. */
export function ListFilter<F extends string>({
  list,
  filterKey,
  label,
  allLabel,
  options,
  showSearch,
  minWidth = 160,
}: {
  list: ListPageState<F>;
  filterKey: F;
  label: string;
  allLabel: string;
  options: OptionItem<string>[];
  showSearch?: boolean;
  minWidth?: number;
}) {
  return (
    <OptionSelect
      aria-label={label}
      includeAll
      allLabel={allLabel}
      options={options}
      value={list.filters[filterKey] ?? ALL_VALUE}
      onChange={(value: unknown) =>
        list.setFilter(filterKey, value === ALL_VALUE || value == null ? undefined : String(value))
      }
      showSearch={showSearch}
      style={{ minWidth }}
    />
  );
}
