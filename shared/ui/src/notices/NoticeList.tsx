import type { NoticeItem } from '@esim/contracts';
import { Badge, Empty, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeTag } from './NoticeTag';
import { useNoticeText } from './useNoticeText';

export interface NoticeListProps {
  notices: readonly NoticeItem[];
  /** A notice was chosen (open it; reading marks it read). */
  onOpen: (notice: NoticeItem) => void;
  emptyText?: ReactNode;
}

/**
 * Notices as readers see them (the header bell, the dashboard widget, the notices screen): tag,
 * title, validity and a dot while unread; each opens the notice. Titles are plain text.
 */
export function NoticeList({ notices, onOpen, emptyText }: NoticeListProps) {
  const { t } = useTranslation('common');
  const text = useNoticeText();
  if (notices.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={emptyText ?? t('notifications.empty')}
        data-testid="notice-list-empty"
      />
    );
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="notice-list">
      {notices.map((notice) => (
        <li
          key={notice.id}
          style={{ borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
          data-testid="notice-item"
          data-id={notice.id}
          data-read={String(notice.read)}
        >
          <button
            type="button"
            onClick={() => onOpen(notice)}
            style={{
              display: 'flex',
              gap: 8,
              width: '100%',
              padding: '8px 4px',
              border: 'none',
              background: 'none',
              textAlign: 'left',
              cursor: 'pointer',
              font: 'inherit',
            }}
            data-testid="notice-open"
          >
            <span style={{ width: 8, paddingTop: 2 }}>
              {notice.read ? null : (
                <span
                  role="img"
                  aria-label={t('notifications.unread')}
                  data-testid="notice-unread-dot"
                >
                  <Badge status="processing" />
                </span>
              )}
            </span>
            <span style={{ flex: 1, minWidth: 0 }}>
              <span style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
                <NoticeTag tag={notice.tag} severity={notice.severity} />
                <Typography.Text
                  strong={!notice.read}
                  lang={notice.language}
                  ellipsis
                  data-testid="notice-title"
                >
                  {notice.title}
                </Typography.Text>
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {text.validity(notice.validFrom, notice.validTo)}
              </Typography.Text>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
