import {
  AUDIT_REDACTED,
  PAGE_SIZES,
  type AuditAction,
  type AuditChange,
  type AuditEntry,
} from '@esim/contracts';
import { formatDateTime } from '@esim/utils';
import { Empty, Pagination, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableErrorState } from '../table/TableErrorState';

export interface AuditHistoryProps {
  /** The page of entries to show (newest first, as the API returns them). */
  entries: readonly AuditEntry[];
  /** All entries of the record (for the pager). */
  total: number;
  loading?: boolean;
  /** Set when loading failed: an error state replaces the entries. */
  error?: unknown;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  /** Retry after an error (shows a Retry button when given). */
  onRetry?: () => void;
  /** The label of a changed field (an area's translated field name); the raw name otherwise. */
  fieldLabel?: (field: string) => string;
  /** Renders a value of a field; null/undefined/'' show as "not set", secrets as "hidden". */
  formatValue?: (field: string, value: unknown) => ReactNode;
  /**
   * The label of an entry's action when the area words it its own way (e.g. 'Imported' for a
   * stock item's import entry); undefined keeps Created / Updated / Deleted.
   */
  actionLabel?: (entry: AuditEntry) => string | undefined;
  /** Which record an entry is about, shown first (a history of many records, e.g. all notices). */
  entryTitle?: (entry: AuditEntry) => ReactNode;
}

const ACTION_COLORS: Record<AuditAction, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
};

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function defaultText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

function ChangeValue({
  field,
  value,
  formatValue,
}: {
  field: string;
  value: unknown;
  formatValue?: AuditHistoryProps['formatValue'];
}) {
  const { t } = useTranslation('ui');
  if (isEmpty(value))
    return <Typography.Text type="secondary">{t('audit.notSet')}</Typography.Text>;
  if (value === AUDIT_REDACTED)
    return <Typography.Text type="secondary">{t('audit.redacted')}</Typography.Text>;
  return <>{formatValue ? formatValue(field, value) : defaultText(value)}</>;
}

function ChangesTable({
  changes,
  fieldLabel,
  formatValue,
}: {
  changes: readonly AuditChange[];
  fieldLabel?: AuditHistoryProps['fieldLabel'];
  formatValue?: AuditHistoryProps['formatValue'];
}) {
  const { t } = useTranslation('ui');
  if (changes.length === 0)
    return <Typography.Text type="secondary">{t('audit.noChanges')}</Typography.Text>;
  return (
    <table className="esim-audit-changes" style={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          <th scope="col" style={cellStyle}>
            {t('audit.field')}
          </th>
          <th scope="col" style={cellStyle}>
            {t('audit.before')}
          </th>
          <th scope="col" style={cellStyle}>
            {t('audit.after')}
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} data-testid="audit-change" data-field={change.field}>
            <th scope="row" style={{ ...cellStyle, fontWeight: 500 }}>
              {fieldLabel ? fieldLabel(change.field) : change.field}
            </th>
            <td style={cellStyle} data-testid="audit-before">
              <ChangeValue field={change.field} value={change.before} formatValue={formatValue} />
            </td>
            <td style={cellStyle} data-testid="audit-after">
              <ChangeValue field={change.field} value={change.after} formatValue={formatValue} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const cellStyle = {
  textAlign: 'left' as const,
  verticalAlign: 'top' as const,
  padding: '4px 8px',
  borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
  wordBreak: 'break-word' as const,
};

/**
 * The History tab of a detail screen: who changed the record, when, how (create/update/delete)
 * and every field's value before and after. Paged on the server (GET <area>/history).
 */
export function AuditHistory({
  entries,
  total,
  loading = false,
  error,
  page,
  pageSize,
  onPageChange,
  onRetry,
  fieldLabel,
  formatValue,
  actionLabel,
  entryTitle,
}: AuditHistoryProps) {
  const { t, i18n } = useTranslation('ui');
  if (error) return <TableErrorState onRetry={onRetry} />;
  return (
    <Spin spinning={loading}>
      <section aria-label={t('audit.title')} data-testid="audit-history">
        {entries.length === 0 && !loading ? (
          <Empty description={t('audit.empty')} />
        ) : (
          <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((entry) => (
              <li
                key={entry.id}
                data-testid="audit-entry"
                data-action={entry.action}
                data-entity-type={entry.entityType}
                style={{
                  padding: '12px 0',
                  borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
                }}
              >
                <div
                  style={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: 8,
                    alignItems: 'center',
                    marginBottom: 8,
                  }}
                >
                  {entryTitle ? (
                    <Typography.Text data-testid="audit-entry-title">
                      {entryTitle(entry)}
                    </Typography.Text>
                  ) : null}
                  <Tag color={ACTION_COLORS[entry.action]} data-testid="audit-action">
                    {actionLabel?.(entry) ?? t(`audit.action.${entry.action}`)}
                  </Tag>
                  <Typography.Text strong data-testid="audit-actor">
                    {entry.actor.email}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    <time dateTime={entry.at} data-testid="audit-at">
                      {formatDateTime(entry.at, i18n.language)}
                    </time>
                  </Typography.Text>
                </div>
                <ChangesTable
                  changes={entry.changes}
                  fieldLabel={fieldLabel}
                  formatValue={formatValue}
                />
              </li>
            ))}
          </ol>
        )}
        {total > 0 ? (
          <Pagination
            style={{ marginTop: 12 }}
            current={page}
            pageSize={pageSize}
            total={total}
            onChange={onPageChange}
            showSizeChanger
            pageSizeOptions={[...PAGE_SIZES]}
            showTotal={(count, [start, end]) => t('table.total', { start, end, total: count })}
          />
        ) : null}
      </section>
    </Spin>
  );
}
