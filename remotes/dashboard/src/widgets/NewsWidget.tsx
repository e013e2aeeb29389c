import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RESOURCES, type NoticeItem } from '@esim/contracts';
import {
  NOTIFICATION_REFRESH_MS,
  latestNoticesQuery,
  markNoticesReadMutation,
  usePermission,
} from '@esim/platform';
import { NoticeDialog, NoticeList } from '@esim/ui';
import { resolveLanguage } from '@esim/utils';

/** Notices the widget lists. */
export const NEWS_LIMIT = 5;
/** The notices screen of the settings area (all notices, read state). */
const NOTICES_PATH = '/settings/notifications';

/**
 * Maintenance and system news: the latest notices valid now (GET dashboard/notification) with
 * the unread dot; opening one shows it in full and marks it read (the header bell follows).
 * Self-contained: its own card, loading, empty and error states. Without GET on /notifications
 * it renders nothing.
 */
export function NewsWidget() {
  const { t, i18n } = useTranslation('dashboard');
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const allowed = usePermission(RESOURCES.notifications, 'GET');
  const titleId = useId();
  const queryClient = useQueryClient();
  const result = useQuery({
    ...latestNoticesQuery(language, NEWS_LIMIT),
    enabled: allowed,
    refetchInterval: NOTIFICATION_REFRESH_MS,
  });
  const markRead = useMutation(markNoticesReadMutation(queryClient));
  const [shown, setShown] = useState<NoticeItem | null>(null);
  if (!allowed) return null;

  const open = (notice: NoticeItem) => {
    setShown(notice);
    if (!notice.read) markRead.mutate({ ids: [notice.id] });
  };

  let body;
  if (result.isPending) {
    body = (
      <div data-testid="widget-news-loading">
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (result.isError) {
    body = (
      <Flex vertical align="center" gap="small" role="alert" data-testid="widget-news-error">
        <Typography.Text type="danger">{t('news.loadFailed')}</Typography.Text>
        <Button onClick={() => void result.refetch()} loading={result.isFetching}>
          {t('news.retry')}
        </Button>
      </Flex>
    );
  } else {
    body = <NoticeList notices={result.data.items} onOpen={open} emptyText={t('news.empty')} />;
  }

  const unread = result.data?.unread ?? 0;
  return (
    <Card
      size="small"
      title={<span id={titleId}>{t('news.title')}</span>}
      extra={
        <Flex gap="small" align="center">
          {unread > 0 ? (
            <Typography.Text type="secondary" data-testid="widget-news-unread">
              {t('news.unread', { count: unread })}
            </Typography.Text>
          ) : null}
          <Link to={NOTICES_PATH} data-testid="widget-news-all">
            {t('news.all')}
          </Link>
        </Flex>
      }
      role="region"
      aria-labelledby={titleId}
      aria-busy={result.isFetching}
      data-testid="widget-news"
      style={{ height: '100%' }}
    >
      {body}
      <NoticeDialog notice={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
