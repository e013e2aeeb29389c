import { Button, Typography } from 'antd';
import type { StockItemListItem } from '@esim/contracts';
import type { DataTableColumn } from '@esim/ui';
import { formatDate, formatDateTime } from '@esim/utils';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../components/StatusTag';

/** The columns of the stock items table; the ICCID opens the item. */
export function useStockItemColumns(
  openItem: (id: string) => void,
): DataTableColumn<StockItemListItem>[] {
  const { t, i18n } = useTranslation(['stock', 'common']);
  return [
    {
      key: 'iccid',
      title: t('common:fields.iccid'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', fontFamily: 'monospace' }}
          onClick={() => openItem(row.id)}
          data-testid="stock-item-link"
          autoInsertSpace={false}
        >
          {row.iccid}
        </Button>
      ),
    },
    {
      key: 'activationCode',
      title: t('common:fields.activationCode'),
      render: (_, row) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {row.activationCodeMasked}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      title: t('common:fields.stockStatus'),
      render: (_, row) => <StatusTag status={row.status} />,
    },
    {
      key: 'activeExpireDate',
      title: t('common:fields.activeExpireDate'),
      sortable: true,
      render: (_, row) => formatDate(row.activeExpireDate, undefined, i18n.language),
    },
    {
      key: 'importedDate',
      title: t('common:fields.importedDate'),
      sortable: true,
      render: (_, row) => formatDateTime(row.importedDate, i18n.language),
    },
  ];
}
