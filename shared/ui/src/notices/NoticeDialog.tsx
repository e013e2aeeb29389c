import type { NoticeItem } from '@esim/contracts';
import { Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoticeTag } from './NoticeTag';
import { useNoticeText } from './useNoticeText';

export interface NoticeDialogProps {
  /** The notice shown; null = closed. */
  notice: NoticeItem | null;
  onClose: () => void;
}

/**
 * One notice read in full. Title and body are plain text: rendered as text (never HTML), the
 * body with its line breaks.
 */
export function NoticeDialog({ notice, onClose }: NoticeDialogProps) {
  const { t } = useTranslation('common');
  const text = useNoticeText();
  return (
    <Modal
      open={notice !== null}
      onCancel={onClose}
      title={
        notice ? (
          <span lang={notice.language} data-testid="notice-dialog-title">
            {notice.title}
          </span>
        ) : null
      }
      footer={
        <Button type="primary" onClick={onClose} data-testid="notice-dialog-close">
          {t('notifications.close')}
        </Button>
      }
      destroyOnHidden
      data-testid="notice-dialog"
    >
      {notice ? (
        <div data-testid="notice-dialog-content" data-id={notice.id}>
          <Space size="small" wrap style={{ marginBottom: 12 }}>
            <NoticeTag tag={notice.tag} severity={notice.severity} />
            <Typography.Text type="secondary">
              {text.validity(notice.validFrom, notice.validTo)}
            </Typography.Text>
          </Space>
          <Typography.Paragraph
            lang={notice.language}
            style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
            data-testid="notice-dialog-body"
          >
            {notice.body}
          </Typography.Paragraph>
        </div>
      ) : null}
    </Modal>
  );
}
