import type { NotificationSeverity, NotificationTag } from '@esim/contracts';
import { formatDateTime } from '@esim/utils';
import { useTranslation } from 'react-i18next';

/** The words of a notice in the user's language (common:notifications.*). */
export function useNoticeText() {
  const { t, i18n } = useTranslation('common');
  const at = (value: string) => formatDateTime(value, i18n.language);
  return {
    /** The tag's label; a tag this console does not know yet shows as it is. */
    tag: (tag: NotificationTag | string) => t(`notifications.tags.${tag}`, { defaultValue: tag }),
    severity: (severity: NotificationSeverity) => t(`notifications.severity.${severity}`),
    /** 'from – to', or 'From from' for an open-ended notice. */
    validity: (validFrom: string, validTo: string | null) =>
      validTo === null
        ? t('notifications.openEnded', { from: at(validFrom) })
        : t('notifications.validity', { from: at(validFrom), to: at(validTo) }),
  };
}
