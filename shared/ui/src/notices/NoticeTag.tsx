import type { NotificationSeverity, NotificationTag } from '@esim/contracts';
import { Tag } from 'antd';
import { useNoticeText } from './useNoticeText';

/** A notice's tag, orange when the notice is important. */
export function NoticeTag({
  tag,
  severity,
}: {
  tag: NotificationTag;
  severity: NotificationSeverity;
}) {
  const text = useNoticeText();
  return (
    <Tag
      color={severity === 'warning' ? 'orange' : 'blue'}
      data-testid="notice-tag"
      data-tag={tag}
      data-severity={severity}
      title={text.severity(severity)}
    >
      {text.tag(tag)}
    </Tag>
  );
}
