import { BellOutlined } from '@esim/ui/icons';
import { Badge, Button, Flex, Popover, Spin, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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

/** The notices screen of the settings area. */
export const NOTICES_PATH = '/settings/notifications';

/**
 * The header bell: the unread count of the notices valid now (GET dashboard/notification, asked
 * every minute and when the window gets focus again), the latest ones in a popover, each opened
 * in a dialog (which marks it read), Mark all as read and the way to all notices.
 */
export function NotificationsBell() {
  const { t, i18n } = useTranslation('common');
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const allowed = usePermission(RESOURCES.notifications, 'GET');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<NoticeItem | null>(null);
  const latest = useQuery({
    ...latestNoticesQuery(language),
    enabled: allowed,
    refetchInterval: NOTIFICATION_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const markRead = useMutation(markNoticesReadMutation(queryClient));
  const unread = allowed ? (latest.data?.unread ?? 0) : 0;
  const label =
    unread > 0
      ? `${t('notifications.title')}, ${t('notifications.unreadCount', { count: unread })}`
      : t('notifications.title');

  const openNotice = (notice: NoticeItem) => {
    setOpen(false);
    setShown(notice);
    if (!notice.read) markRead.mutate({ ids: [notice.id] });
  };

  const content = !allowed ? (
    <Typography.Text type="secondary">{t('notifications.empty')}</Typography.Text>
  ) : latest.isError && !latest.data ? (
    <Typography.Text type="danger" data-testid="notifications-error">
      {t('notifications.loadFailed')}
    </Typography.Text>
  ) : (
    <Spin spinning={latest.isPending}>
      <div style={{ width: 340, maxWidth: '80vw' }} data-testid="notifications-popover">
        <NoticeList notices={latest.data?.items ?? []} onOpen={openNotice} />
        <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
          <Button
            type="link"
            size="small"
            disabled={unread === 0}
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
            data-testid="notifications-mark-all"
          >
            {t('notifications.markAllRead')}
          </Button>
          <Link to={NOTICES_PATH} onClick={() => setOpen(false)} data-testid="notifications-all">
            {t('notifications.allNotices')}
          </Link>
        </Flex>
      </div>
    </Spin>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        title={t('notifications.title')}
        open={open}
        onOpenChange={setOpen}
        content={content}
      >
        <Badge count={unread} size="small">
          <Button
            type="text"
            icon={<BellOutlined />}
            aria-label={label}
            data-testid="notifications"
            data-unread={unread}
          />
        </Badge>
      </Popover>
      <NoticeDialog notice={shown} onClose={() => setShown(null)} />
    </>
  );
}
