import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReloadOutlined } from '@esim/ui/icons';

/** What a widget's query is doing (react-query's flags, read by WidgetCard). */
export interface WidgetQueryState {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface WidgetCardProps {
  /** data-testid of the card; its parts get `<testId>-loading`, `-empty`, `-error`, `-retry`. */
  testId: string;
  title: ReactNode;
  /** Controls on the card's head (a granularity switch). */
  extra?: ReactNode;
  /** The query behind the widget; without one the card shows its children (or its notice). */
  query?: WidgetQueryState;
  /** The answer has nothing to show. */
  empty?: boolean;
  emptyText?: ReactNode;
  /** Shown instead of anything else (e.g. 'Pick a start and an end date'). */
  notice?: ReactNode;
  /** Skeleton rows while the first answer is on its way. */
  skeletonRows?: number;
  children?: ReactNode;
}

/**
 * One dashboard widget: a card named for screen readers by its title, with its own loading
 * skeleton, empty state and load error with Retry, so one failing call leaves the others working.
 */
export function WidgetCard(props: WidgetCardProps) {
  const {
    testId,
    title,
    extra,
    query,
    empty,
    emptyText,
    notice,
    skeletonRows = 4,
    children,
  } = props;
  const { t } = useTranslation('dashboard');
  const titleId = useId();

  let body: ReactNode;
  if (notice) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={notice}
        data-testid={`${testId}-notice`}
      />
    );
  } else if (query?.isPending && !query.isError) {
    body = (
      <div data-testid={`${testId}-loading`}>
        <Skeleton active title={false} paragraph={{ rows: skeletonRows }} />
      </div>
    );
  } else if (query?.isError) {
    body = (
      <Flex vertical align="center" gap="small" role="alert" data-testid={`${testId}-error`}>
        <Typography.Text type="danger">{t('widget.loadError')}</Typography.Text>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          data-testid={`${testId}-retry`}
        >
          {t('widget.retry')}
        </Button>
      </Flex>
    );
  } else if (empty) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={emptyText ?? t('widget.empty')}
        data-testid={`${testId}-empty`}
      />
    );
  } else {
    body = children;
  }

  return (
    <Card
      size="small"
      title={<span id={titleId}>{title}</span>}
      extra={extra}
      role="region"
      aria-labelledby={titleId}
      aria-busy={query?.isFetching ?? false}
      data-testid={testId}
      style={{ height: '100%' }}
    >
      {body}
    </Card>
  );
}
