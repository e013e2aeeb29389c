import { DeleteOutlined } from '@esim/ui/icons';
import {
  Button,
  Descriptions,
  Divider,
  Drawer,
  Flex,
  Result,
  Skeleton,
  Tabs,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RESOURCES,
  STOCK_IMPORT_AUDIT_ENTITY,
  STOCK_STATUSES,
  type AuditEntry,
  type AuditHistory,
  type StockItemDetail,
  type StockStatus,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  ActionRefusal,
  ActivationCodeReveal,
  EntityHistoryTab,
  isMissingRecordError,
  toast,
  useConfirmedDelete,
  useHistoryPaging,
} from '@esim/ui';
import { displayValue, formatDate, formatDateTime } from '@esim/utils';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { stockHistoryQuery, stockItemQuery } from '../api';
import { stockMutations } from '../mutations';
import { StatusChangeForm } from './StatusChangeForm';
import { StatusTag } from './StatusTag';

const DATE_TIME_FIELDS = new Set(['importedDate', 'updatedDate', 'createdDate', 'holdUntil']);

/** Formats a history value of a stock item: statuses translated, the reveal marker as text. */
function useHistoryValue() {
  const { t, i18n } = useTranslation(['stock', 'common']);
  return (field: string, value: unknown): ReactNode => {
    if (typeof value === 'string') {
      if (
        (field === 'status' || field === 'stockStatus') &&
        STOCK_STATUSES.includes(value as StockStatus)
      )
        return t(`status.${value}`);
      if (field === 'activationCode' && value === 'revealed')
        return <span data-testid="history-revealed">{t('history.revealed')}</span>;
      if (DATE_TIME_FIELDS.has(field)) return formatDateTime(value, i18n.language);
      return value;
    }
    return typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);
  };
}

/** Fields of the import's entry worth showing on an item (the drawer shows the product). */
const IMPORT_FIELDS = new Set(['fileName', 'items']);

/** The import that created the item (the oldest entry of its history) shows as 'Imported'. */
function isImportEntry(entry: AuditEntry): boolean {
  return entry.entityType === STOCK_IMPORT_AUDIT_ENTITY;
}

function forDisplay(entry: AuditEntry): AuditEntry {
  if (!isImportEntry(entry)) return entry;
  return { ...entry, changes: entry.changes.filter((change) => IMPORT_FIELDS.has(change.field)) };
}

const historyForDisplay = (history: AuditHistory): AuditHistory => ({
  ...history,
  items: history.items.map(forDisplay),
});

function HistoryTab({ id }: { id: string }) {
  const { t } = useTranslation(['stock', 'common']);
  const format = useHistoryValue();
  const paging = useHistoryPaging();
  const query = useQuery({
    ...stockHistoryQuery(id, paging.page, paging.pageSize),
    select: historyForDisplay,
  });
  return (
    <EntityHistoryTab
      query={query}
      paging={paging}
      fieldLabel={(field) =>
        field === 'status'
          ? t('common:fields.stockStatus')
          : t(`history.fields.${field}`, {
              defaultValue: t(`common:fields.${field}`, { defaultValue: field }),
            })
      }
      formatValue={format}
      actionLabel={(entry) => (isImportEntry(entry) ? t('history.imported') : undefined)}
    />
  );
}

/**
 * The item's activation code (the kit's reveal): masked, revealed only for someone with GET on
 * /stock/activation-code after a confirmation naming the ICCID; the API records the reveal in the
 * item's history.
 */
function ActivationCode({ item }: { item: StockItemDetail }) {
  const { t } = useTranslation('stock');
  const queryClient = useQueryClient();
  const canReveal = usePermission(RESOURCES.stockActivationCode, 'GET');
  const reveal = useMutation(stockMutations.revealActivationCode(queryClient));
  return (
    <ActivationCodeReveal
      masked={item.activationCodeMasked}
      canReveal={canReveal}
      qrFileName={`esim-${item.iccid}`}
      question={{ description: t('reveal.confirmDescription', { iccid: item.iccid }) }}
      reveal={() => reveal.mutateAsync(item.id)}
    />
  );
}

function Details({ item }: { item: StockItemDetail }) {
  const { t, i18n } = useTranslation(['stock', 'common']);
  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'iccid', label: t('common:fields.iccid'), value: item.iccid },
    {
      key: 'status',
      label: t('common:fields.stockStatus'),
      value: <StatusTag status={item.status} />,
    },
    {
      key: 'productName',
      label: t('common:fields.productName'),
      value: `${item.productName} (${item.productCode})`,
    },
    { key: 'supplierName', label: t('common:fields.supplierName'), value: item.supplierName },
    {
      key: 'smdpAddress',
      label: t('common:fields.smdpAddress'),
      value: displayValue(item.smdpAddress),
    },
    {
      key: 'matchingId',
      label: t('common:fields.matchingId'),
      value: displayValue(item.matchingIdMasked),
    },
    {
      key: 'activeExpireDate',
      label: t('common:fields.activeExpireDate'),
      value: formatDate(item.activeExpireDate, undefined, i18n.language),
    },
    {
      key: 'importedDate',
      label: t('common:fields.importedDate'),
      value: formatDateTime(item.importedDate, i18n.language),
    },
  ];
  if (item.status === 'holding')
    rows.push({
      key: 'holdUntil',
      label: t('common:fields.holdUntil'),
      value: displayValue(formatDateTime(item.holdUntil, i18n.language)),
    });
  rows.push(
    {
      key: 'statusReason',
      label: t('common:fields.reason'),
      value: displayValue(item.statusReason),
    },
    {
      key: 'importFileName',
      label: t('item.importFile'),
      value: displayValue(item.importFileName),
    },
    {
      key: 'updatedDate',
      label: t('common:fields.updatedDate'),
      value: formatDateTime(item.updatedDate, i18n.language),
    },
    { key: 'updatedBy', label: t('common:fields.updatedBy'), value: displayValue(item.updatedBy) },
  );
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      data-testid="stock-item-details"
      items={rows.map((row) => ({
        key: row.key,
        label: row.label,
        children: <span data-testid={`item-field-${row.key}`}>{row.value}</span>,
      }))}
    />
  );
}

export interface StockItemDrawerProps {
  id: string;
  onClose: () => void;
}

/** One stock item: details, activation code (masked; reveal), status change, removal, history. */
export function StockItemDrawer({ id, onClose }: StockItemDrawerProps) {
  const { t } = useTranslation(['stock', 'common']);
  const queryClient = useQueryClient();
  const [tab, setTab] = useState('details');
  const canEdit = usePermission(RESOURCES.stock, 'PUT');
  const canDelete = usePermission(RESOURCES.stock, 'DELETE');
  const query = useQuery({ ...stockItemQuery(id), enabled: id !== '' });
  const removal = useMutation(stockMutations.remove(queryClient));
  const item = query.data;

  const remove = useConfirmedDelete({
    question: (target: StockItemDetail) => ({
      title: t('remove.title', { iccid: target.iccid }),
      description: t('remove.description'),
      confirmText: t('remove.confirm'),
    }),
    action: (target: StockItemDetail) => removal.mutateAsync(target),
    onDone: () => {
      toast.success(t('remove.done'));
      onClose();
    },
  });

  let body: ReactNode;
  if (query.isError) {
    const missing = isMissingRecordError(query.error);
    body = (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('item.notFound') : t('item.loadFailed')}
        subTitle={missing ? undefined : query.error.message}
        extra={
          missing ? undefined : (
            <Button onClick={() => void query.refetch()} autoInsertSpace={false}>
              {t('common:actions.retry')}
            </Button>
          )
        }
      />
    );
  } else if (!item) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    body = (
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'details',
            label: t('item.tabs.details'),
            children: (
              <Flex vertical gap="middle">
                <ActionRefusal
                  refusal={remove.refusal}
                  title={t('remove.refused')}
                  onClose={remove.clearRefusal}
                  testId="stock-delete-refused"
                />
                <Details item={item} />
                <ActivationCode key={item.id} item={item} />
                {canEdit && (
                  <>
                    <Divider titlePlacement="start" style={{ margin: '8px 0' }}>
                      {t('statusChange.title')}
                    </Divider>
                    <StatusChangeForm
                      key={`${item.id}-${item.version}`}
                      item={item}
                      onReload={() => void query.refetch()}
                    />
                  </>
                )}
              </Flex>
            ),
          },
          {
            key: 'history',
            label: t('item.tabs.history'),
            children: <HistoryTab id={item.id} />,
          },
        ]}
      />
    );
  }

  return (
    <Drawer
      open
      size="large"
      onClose={onClose}
      destroyOnHidden
      data-testid="stock-item-drawer"
      title={
        item ? (
          <Flex gap="small" align="center" wrap>
            <Typography.Text strong data-testid="stock-item-title">
              {item.iccid}
            </Typography.Text>
            <StatusTag status={item.status} />
          </Flex>
        ) : (
          t('item.title')
        )
      }
      extra={
        item && canDelete && item.canDelete ? (
          <Button
            danger
            icon={<DeleteOutlined />}
            loading={remove.pending}
            onClick={() => void remove.run(item)}
            autoInsertSpace={false}
            data-testid="stock-item-remove"
          >
            {t('remove.button')}
          </Button>
        ) : null
      }
    >
      {body}
    </Drawer>
  );
}
