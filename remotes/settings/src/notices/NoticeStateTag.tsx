import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NotificationState } from '@esim/contracts';

const COLOURS: Record<NotificationState, string> = {
  scheduled: 'blue',
  current: 'green',
  expired: 'default',
};

/** Where a notice stands now: scheduled, current or expired. */
export function NoticeStateTag({ state }: { state: NotificationState }) {
  const { t } = useTranslation('settings');
  return (
    <Tag color={COLOURS[state]} data-testid="notice-state" data-state={state}>
      {t(`notices.state.${state}`)}
    </Tag>
  );
}
