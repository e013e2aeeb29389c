import { Card, Flex, Tag, Typography, theme } from 'antd';
import {
  STOCK_EXPIRING_SOON_DAYS,
  STOCK_STATUSES,
  type StockStatus,
  type StockStatusCounts,
} from '@esim/contracts';
import { formatNumber } from '@esim/utils';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from './StatusTag';

interface CountCardProps {
  testId: string;
  label: ReactNode;
  value: number;
  active: boolean;
  onToggle: () => void;
  title: string;
}

function CountCard({ testId, label, value, active, onToggle, title }: CountCardProps) {
  const { token } = theme.useToken();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onToggle();
    }
  };
  return (
    <Card
      size="small"
      hoverable
      role="button"
      tabIndex={0}
      aria-pressed={active}
      aria-label={title}
      onClick={onToggle}
      onKeyDown={onKeyDown}
      data-testid={testId}
      data-active={active}
      style={{
        minWidth: 130,
        cursor: 'pointer',
        borderColor: active ? token.colorPrimary : undefined,
        boxShadow: active ? `0 0 0 1px ${token.colorPrimary}` : undefined,
      }}
      styles={{ body: { padding: '8px 12px' } }}
    >
      <Flex vertical gap={4}>
        <span>{label}</span>
        <Typography.Text strong style={{ fontSize: 20 }} data-testid="count-value">
          {formatNumber(value)}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

export interface StatusCountsProps {
  counts: StockStatusCounts;
  total: number;
  expiringSoon: number;
  /** Statuses the item list is filtered by (empty = all). */
  selected: readonly StockStatus[];
  expiringActive: boolean;
  onToggleStatus: (status: StockStatus) => void;
  onToggleExpiring: () => void;
  onShowAll: () => void;
}

/** Counts by status of a product; each count is a toggle of the item list's status filter. */
export function StatusCounts(props: StatusCountsProps) {
  const { t } = useTranslation('stock');
  const nothingSelected = props.selected.length === 0 && !props.expiringActive;
  return (
    <Flex gap="small" wrap role="group" aria-label={t('counts.title')} data-testid="stock-counts">
      <CountCard
        testId="stock-count-all"
        label={<Tag>{t('counts.all')}</Tag>}
        value={props.total}
        active={nothingSelected}
        onToggle={props.onShowAll}
        title={t('counts.showAll')}
      />
      {STOCK_STATUSES.map((status) => (
        <CountCard
          key={status}
          testId={`stock-count-${status}`}
          label={<Tag color={STATUS_COLORS[status]}>{t(`status.${status}`)}</Tag>}
          value={props.counts[status] ?? 0}
          active={props.selected.includes(status)}
          onToggle={() => props.onToggleStatus(status)}
          title={t('counts.filterBy', { status: t(`status.${status}`) })}
        />
      ))}
      <CountCard
        testId="stock-count-expiring"
        label={<Tag color="warning">{t('counts.expiringSoon')}</Tag>}
        value={props.expiringSoon}
        active={props.expiringActive}
        onToggle={props.onToggleExpiring}
        title={t('counts.expiringHelp', { days: STOCK_EXPIRING_SOON_DAYS })}
      />
    </Flex>
  );
}
