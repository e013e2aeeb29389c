import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type NoticeAuditEntry, type NotificationSeverity } from '@esim/contracts';
import { EntityHistoryTab, useHistoryPaging, useNoticeText } from '@esim/ui';
import { formatDateTime } from '@esim/utils';
import { noticeHistoryQuery } from './api';

const LANGUAGE_OF_FIELD = /^(title|body)(En|Ja|De|Th)$/;

/** Who published, edited and withdrew which notice, newest first (regular-update/history). */
export function NoticeHistory() {
  const { t, i18n } = useTranslation('settings');
  const text = useNoticeText();
  const paging = useHistoryPaging();
  const query = useQuery(noticeHistoryQuery(paging.page, paging.pageSize));

  const fieldLabel = (field: string) => {
    const match = LANGUAGE_OF_FIELD.exec(field);
    if (!match) return t(`notices.fields.${field}`, { defaultValue: field });
    return t('notices.history.languageField', {
      field: t(`notices.fields.${match[1]}`),
      language: t(`notices.languages.${match[2]!.toLowerCase()}`),
    });
  };
  const formatValue = (field: string, value: unknown) => {
    if (field === 'tag') return text.tag(String(value));
    if (field === 'severity') return text.severity(value as NotificationSeverity);
    if (field === 'validFrom' || field === 'validTo')
      return formatDateTime(String(value), i18n.language);
    return <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>;
  };

  return (
    <div data-testid="notices-history">
      <EntityHistoryTab
        query={query}
        paging={paging}
        entryTitle={(entry) => (entry as NoticeAuditEntry).noticeTitle}
        actionLabel={(entry) => t(`notices.history.actions.${entry.action}`)}
        fieldLabel={fieldLabel}
        formatValue={formatValue}
      />
    </div>
  );
}
