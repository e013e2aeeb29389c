import { CheckOutlined, ReloadOutlined } from '@esim/ui/icons';
import { Alert, Button, Empty, Flex, Segmented, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RESOURCES, type SyncField, type SyncItem } from '@esim/contracts';
import { isApiError, useMoneyFormat, usePermission } from '@esim/platform';
import { confirm } from '@esim/ui';
import { formatDateTime } from '@esim/utils';
import { supplierMutations } from '../mutations';
import { productUpdatesQuery, syncKeys } from './api';
import { coverageDiff, formatData } from './format';

type Filter = 'all' | 'new' | 'changed';

/** One compared field: ours → theirs (theirs highlighted) when it differs, else the value. */
function FieldCell({
  testId,
  changed,
  isNew,
  ours,
  theirs,
}: {
  testId: string;
  changed: boolean;
  isNew: boolean;
  ours: ReactNode;
  theirs: ReactNode;
}) {
  const { t } = useTranslation('suppliers');
  if (isNew) {
    return (
      <span data-testid={testId}>
        <Typography.Text strong>{theirs}</Typography.Text>
      </span>
    );
  }
  if (!changed) {
    return (
      <span data-testid={testId} data-changed="false">
        <Typography.Text type="secondary">{theirs}</Typography.Text>
      </span>
    );
  }
  return (
    <span data-testid={testId} data-changed="true" aria-label={t('sync.updates.changedField')}>
      <Typography.Text delete type="secondary" data-testid={`${testId}-ours`}>
        {ours}
      </Typography.Text>
      {' → '}
      <Typography.Text mark strong data-testid={`${testId}-theirs`}>
        {theirs}
      </Typography.Text>
    </span>
  );
}

/** Supplier detail tab 'Product updates': the supplier's new and changed products beside ours. */
export function ProductUpdatesTab({ supplierId }: { supplierId: string }) {
  const { t, i18n } = useTranslation('suppliers');
  const queryClient = useQueryClient();
  const canAccept = usePermission(RESOURCES.products, 'PUT');
  const [filter, setFilter] = useState<Filter>('all');
  const [selected, setSelected] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const query = useQuery(productUpdatesQuery(supplierId, 'all'));
  const accept = useMutation(supplierMutations.acceptProductUpdates(queryClient));
  const language = i18n.language;
  const money = useMoneyFormat();
  const unlimited = t('sync.unlimited');

  const rows = useMemo(
    () => (query.data?.items ?? []).filter((item) => filter === 'all' || item.status === filter),
    [query.data, filter],
  );

  const reload = async () => {
    setRefusal(null);
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: syncKeys.updates(supplierId, 'all') });
  };

  const run = async (items: SyncItem[]) => {
    if (items.length === 0) return;
    setRefusal(null);
    const one = items.length === 1 ? items[0] : undefined;
    const confirmed = await confirm({
      title: one
        ? t('sync.updates.confirmOne', { name: one.ref })
        : t('sync.updates.confirmMany', { count: items.length }),
      description: t('sync.updates.confirmDescription'),
      confirmText: t('sync.updates.accept'),
    });
    if (!confirmed) return;
    try {
      await accept.mutateAsync({ supplierId, items });
      setSelected([]);
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : t('sync.updates.failed'));
    }
  };

  const changed = (item: SyncItem, field: SyncField) => item.changedFields.includes(field);

  const columns: TableColumnsType<SyncItem> = [
    {
      key: 'ref',
      title: t('sync.updates.columns.product'),
      render: (_value, item) => (
        <Flex vertical>
          <Typography.Text strong data-testid={`sync-ref-${item.ref}`}>
            {item.ref}
          </Typography.Text>
          <Typography.Text type="secondary">{item.description}</Typography.Text>
          {item.productId && (
            <Link
              to={`/products/detail?id=${encodeURIComponent(item.productId)}`}
              data-testid={`sync-product-link-${item.ref}`}
            >
              {t('sync.updates.openProduct', { code: item.productCode })}
            </Link>
          )}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('sync.updates.columns.status'),
      render: (_value, item) => (
        <Tag
          color={item.status === 'new' ? 'blue' : 'orange'}
          data-testid={`sync-status-${item.ref}`}
        >
          {t(`sync.status.${item.status}`)}
        </Tag>
      ),
    },
    {
      key: 'cost',
      title: t('sync.updates.columns.cost'),
      render: (_value, item) => (
        <FieldCell
          testId={`sync-cost-${item.ref}`}
          isNew={item.ours === null}
          changed={changed(item, 'cost')}
          ours={item.ours ? money(item.ours.costMinor, item.ours.costCurrency) : ''}
          theirs={money(item.theirs.costMinor, item.theirs.costCurrency)}
        />
      ),
    },
    {
      key: 'data',
      title: t('sync.updates.columns.data'),
      render: (_value, item) => (
        <FieldCell
          testId={`sync-data-${item.ref}`}
          isNew={item.ours === null}
          changed={changed(item, 'dataMb')}
          ours={item.ours ? formatData(item.ours.dataMb, unlimited) : ''}
          theirs={formatData(item.theirs.dataMb, unlimited)}
        />
      ),
    },
    {
      key: 'duration',
      title: t('sync.updates.columns.duration'),
      render: (_value, item) => (
        <FieldCell
          testId={`sync-duration-${item.ref}`}
          isNew={item.ours === null}
          changed={changed(item, 'durationDays')}
          ours={item.ours ? t('sync.days', { count: item.ours.durationDays }) : ''}
          theirs={t('sync.days', { count: item.theirs.durationDays })}
        />
      ),
    },
    {
      key: 'coverage',
      title: t('sync.updates.columns.coverage'),
      render: (_value, item) => {
        if (item.ours === null || !changed(item, 'coverage')) {
          return (
            <FieldCell
              testId={`sync-coverage-${item.ref}`}
              isNew={item.ours === null}
              changed={false}
              ours=""
              theirs={item.theirs.coverage.join(', ')}
            />
          );
        }
        const { added, removed } = coverageDiff(item.ours, item.theirs);
        return (
          <Flex gap={4} wrap data-testid={`sync-coverage-${item.ref}`} data-changed="true">
            {added.map((code) => (
              <Tag key={`+${code}`} color="green">
                +{code}
              </Tag>
            ))}
            {removed.map((code) => (
              <Tag key={`-${code}`} color="red">
                −{code}
              </Tag>
            ))}
            <Typography.Text type="secondary">
              {t('sync.updates.countries', { count: item.theirs.coverage.length })}
            </Typography.Text>
          </Flex>
        );
      },
    },
  ];
  if (canAccept) {
    columns.push({
      key: 'actions',
      title: '',
      align: 'right',
      render: (_value, item) => (
        <Button
          size="small"
          icon={<CheckOutlined />}
          onClick={() => void run([item])}
          disabled={accept.isPending}
          data-testid={`sync-accept-${item.ref}`}
          autoInsertSpace={false}
        >
          {t('sync.updates.accept')}
        </Button>
      ),
    });
  }

  const data = query.data;
  const selectedItems = rows.filter((item) => selected.includes(item.ref));

  return (
    <Flex vertical gap="middle" data-testid="supplier-product-updates">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Flex align="center" gap="small" wrap>
          <Segmented<Filter>
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setSelected([]);
            }}
            options={[
              { value: 'all', label: t('sync.filter.all') },
              { value: 'changed', label: t('sync.filter.changed') },
              { value: 'new', label: t('sync.filter.new') },
            ]}
          />
          {data && (
            <Typography.Text type="secondary" data-testid="sync-summary">
              {t('sync.updates.summary', {
                changed: data.changedCount,
                new: data.newCount,
                unchanged: data.unchangedCount,
                time: formatDateTime(data.fetchedAt, language),
              })}
            </Typography.Text>
          )}
        </Flex>
        <Flex gap="small">
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void reload()}
            loading={query.isFetching}
            data-testid="sync-reload"
            autoInsertSpace={false}
          >
            {t('sync.updates.reload')}
          </Button>
          {canAccept && (
            <Button
              type="primary"
              icon={<CheckOutlined />}
              disabled={selectedItems.length === 0 || accept.isPending}
              loading={accept.isPending}
              onClick={() => void run(selectedItems)}
              data-testid="sync-accept-selected"
              autoInsertSpace={false}
            >
              {t('sync.updates.acceptSelected', { count: selectedItems.length })}
            </Button>
          )}
        </Flex>
      </Flex>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={t('sync.updates.acceptFailed')}
          description={refusal}
          data-testid="sync-accept-error"
        />
      )}
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('sync.error.title')}
          description={
            <Flex vertical gap={4}>
              <span data-testid="sync-error-message">{query.error.message}</span>
              <Typography.Text type="secondary">{t('sync.error.nothingChanged')}</Typography.Text>
            </Flex>
          }
          action={
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void query.refetch()}
              loading={query.isFetching}
              data-testid="sync-retry"
              autoInsertSpace={false}
            >
              {t('actions.retry')}
            </Button>
          }
          data-testid="sync-error"
        />
      ) : (
        <Table<SyncItem>
          rowKey="ref"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching || accept.isPending}
          scroll={{ x: 'max-content' }}
          pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          rowSelection={
            canAccept
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(String)),
                }
              : undefined
          }
          locale={{
            emptyText: query.isPending ? (
              ' '
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={<span data-testid="sync-in-sync">{t('sync.updates.inSync')}</span>}
              />
            ),
          }}
        />
      )}
    </Flex>
  );
}
