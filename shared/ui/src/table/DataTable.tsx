import { PAGE_SIZES } from '@esim/contracts';
import { Flex, Pagination, Table, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChooser } from './ColumnChooser';
import { DateRangeFilter, type DateRange } from './DateRangeFilter';
import { toAntdColumns } from './sortableColumns';
import { TableErrorState } from './TableErrorState';
import type { DataTableColumn, DataTableState, TableSort } from './types';
import { useColumnVisibility } from './useColumnVisibility';

/** The spec's page size options (section 9). */
export const TABLE_PAGE_SIZES: readonly number[] = PAGE_SIZES;

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  /** Number of rows on the server across all pages. */
  total: number;
  /** More rows exist than `total` (the server stopped counting): shown as "more than". */
  totalIsLowerBound?: boolean;
  state: DataTableState;
  onChange: (state: DataTableState) => void;
  rowKey: (keyof T & string) | ((row: T) => Key);
  loading?: boolean;
  /** Any truthy value shows the error state instead of rows. */
  error?: unknown;
  onRetry?: () => void;
  /** Shown when there are no rows; defaults to a translated "No data". */
  emptyText?: ReactNode;
  /** Column that is sorted when nothing else is; it toggles asc/desc instead of unsorting. */
  defaultSortColumn?: string;
  /** Shows the optional from/to date range filter. */
  dateFilter?: boolean;
  /** Slot beside the date filter: search boxes, buttons, exports. */
  toolbar?: ReactNode;
  /**
   * Names the table for the column chooser: with it the toolbar gets a "Columns" button and the
   * user's choice is remembered (localStorage) under this id.
   */
  tableId?: string;
  onRow?: TableProps<T>['onRow'];
  rowSelection?: TableProps<T>['rowSelection'];
  /** Defaults to scrolling sideways inside the table (never the page) when the columns are wider. */
  scroll?: TableProps<T>['scroll'];
  size?: TableProps<T>['size'];
}

/** The console header scrolls away with the page, so the table header sticks to the very top. */
const STICKY: TableProps<object>['sticky'] = { offsetHeader: 0 };
const SCROLL: TableProps<object>['scroll'] = { x: 'max-content' };

/**
 * Server-driven antd table: controlled paging, the spec's sort cycle, a date range filter, a
 * sticky header, sideways scrolling inside the table and (with tableId) a column chooser.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { columns, rows, total, state, onChange, rowKey, loading, error, onRetry, emptyText } =
    props;
  const { t } = useTranslation('ui');

  const setSort = (sort: TableSort | null) => onChange({ ...state, sort, page: 1 });
  const setRange = ({ from, to }: DateRange) => onChange({ ...state, from, to, page: 1 });
  const setPage = (page: number, pageSize: number) =>
    onChange({ ...state, pageSize, page: pageSize === state.pageSize ? page : 1 });

  const visibility = useColumnVisibility(columns, props.tableId);
  const antdColumns = toAntdColumns(visibility.shown, {
    sort: state.sort,
    defaultSortColumn: props.defaultSortColumn,
    onSort: setSort,
    hint: (next) =>
      next
        ? t(next.order === 'asc' ? 'table.sortAscending' : 'table.sortDescending')
        : t('table.sortCancel'),
  });
  const hasError = Boolean(error);
  const showChooser = Boolean(props.tableId);
  const showToolbar = props.dateFilter || props.toolbar || showChooser;

  return (
    <Flex vertical gap="middle">
      {showToolbar && (
        <Flex gap="small" wrap align="center" justify="space-between">
          {props.dateFilter ? (
            <DateRangeFilter from={state.from} to={state.to} onChange={setRange} />
          ) : (
            <span />
          )}
          {showChooser ? (
            <Flex gap="small" wrap align="center">
              {props.toolbar}
              <ColumnChooser columns={columns} visibility={visibility} />
            </Flex>
          ) : (
            props.toolbar
          )}
        </Flex>
      )}
      <Table<T>
        columns={antdColumns}
        dataSource={hasError ? [] : (rows as T[])}
        rowKey={rowKey}
        loading={loading}
        pagination={false}
        locale={{
          emptyText: hasError ? (
            <TableErrorState onRetry={onRetry} />
          ) : (
            (emptyText ?? t('table.empty'))
          ),
        }}
        onRow={props.onRow}
        rowSelection={props.rowSelection}
        scroll={props.scroll ?? SCROLL}
        sticky={STICKY}
        size={props.size}
      />
      <Flex justify="flex-end">
        <Pagination
          current={state.page}
          pageSize={state.pageSize}
          total={total}
          pageSizeOptions={[...TABLE_PAGE_SIZES]}
          showSizeChanger={{ 'aria-label': t('table.pageSize') }}
          showTotal={(count, [start, end]) =>
            t(props.totalIsLowerBound ? 'table.totalAtLeast' : 'table.total', {
              start,
              end,
              total: count,
            })
          }
          onChange={setPage}
          disabled={loading}
        />
      </Flex>
    </Flex>
  );
}
