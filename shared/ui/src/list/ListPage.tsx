import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ListActions, ListFilterBar, type ListActionsProps } from './ListActions';

export { ListFilter, type ListFilterProps } from './ListFilter';
export { ListSearch, type ListSearchProps } from './ListSearch';

export interface ListPageProps extends ListActionsProps {
  /** data-screen of the area screen (e2e and the shell find screens by it). */
  screen: string;
  title: ReactNode;
  /** Search and filter controls (ListSearch, ListFilter ...). */
  filters?: ReactNode;
  /** The DataTable. */
  children: ReactNode;
}

/** The frame of every list screen: title with export and create, the filter bar, the table. */
export function ListPage({ screen, title, filters, children, ...actions }: ListPageProps) {
  return (
    <Flex vertical gap="middle" data-testid="area-screen" data-screen={screen}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <ListActions {...actions} />
      </Flex>
      <ListFilterBar>{filters}</ListFilterBar>
      {children}
    </Flex>
  );
}

export interface ListSectionProps extends ListActionsProps {
  title?: ReactNode;
  /** Search and filter controls (ListSearch, ListFilter ...). */
  filters?: ReactNode;
  /** The DataTable. */
  children: ReactNode;
  testId?: string;
}

/**
 * A list inside a screen (a detail's items, a second list on a page): the same header buttons and
 * filter bar as ListPage, in a card instead of a whole screen. A second list that keeps its state
 * in the URL passes a urlPrefix to useListPage.
 */
export function ListSection({ title, filters, children, testId, ...actions }: ListSectionProps) {
  const hasActions = Boolean(actions.exportAction || actions.createAction || actions.headerExtra);
  return (
    <Card
      size="small"
      title={title}
      extra={hasActions ? <ListActions {...actions} /> : undefined}
      data-testid={testId}
    >
      <Flex vertical gap="middle">
        <ListFilterBar>{filters}</ListFilterBar>
        {children}
      </Flex>
    </Card>
  );
}
