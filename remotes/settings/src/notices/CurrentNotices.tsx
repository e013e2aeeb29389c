import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeItem } from '@esim/contracts';
import { markNoticesReadMutation, validNoticesQuery } from '@esim/platform';
import { NoticeDialog, NoticeList } from '@esim/ui';
import { resolveLanguage } from '@esim/utils';

/** Every notice valid now in the reader's language; opening one marks it read. */
export function CurrentNotices() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const queryClient = useQueryClient();
  const query = useQuery(validNoticesQuery(language));
  const markRead = useMutation(markNoticesReadMutation(queryClient));
  const [shown, setShown] = useState<NoticeItem | null>(null);
  const notices = query.data ?? [];
  const unread = notices.filter((notice) => !notice.read).length;

  const open = (notice: NoticeItem) => {
    setShown(notice);
    if (!notice.read) markRead.mutate({ ids: [notice.id] });
  };

  return (
    <Card
      size="small"
      title={t('notices.current.title')}
      extra={
        <Button
          size="small"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
          data-testid="notices-mark-all"
        >
          {t('common:notifications.markAllRead')}
        </Button>
      }
      data-testid="notices-current"
    >
      <Flex vertical gap="small">
        <Typography.Text type="secondary">{t('notices.current.intro')}</Typography.Text>
        {query.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : query.isError ? (
          <Result
            status="warning"
            title={t('common:notifications.loadFailed')}
            extra={
              <Button onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>
            }
          />
        ) : (
          <NoticeList notices={notices} onOpen={open} emptyText={t('notices.current.empty')} />
        )}
      </Flex>
      <NoticeDialog notice={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
