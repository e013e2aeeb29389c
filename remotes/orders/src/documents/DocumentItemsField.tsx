import { Form, Table, Tag, Typography } from 'antd';
import type { DocumentItemOption, OrderItemStatus } from '@esim/contracts';
import { translateValidationMessage } from '@esim/ui';
import { displayValue } from '@esim/utils';
import type { ReactNode } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ItemStatusTag } from '../components/StatusTags';
import { rowAttributes } from '../components/rowAttributes';
import type { DocumentFormInput } from './documentForm';
import { DOCUMENT_TYPE_COLORS } from './DocumentTypeTag';

export interface DocumentItemsFieldProps {
  control: Control<DocumentFormInput>;
  items: readonly DocumentItemOption[];
  selectable: (item: DocumentItemOption) => boolean;
  label: ReactNode;
  extra?: ReactNode;
}

/**
 * The eSIMs a document lists, ticked in a table (the form's itemIds): each with its status and
 * the issued documents that already list it, so nothing is documented twice by mistake.
 */
export function DocumentItemsField({
  control,
  items,
  selectable,
  label,
  extra,
}: DocumentItemsFieldProps) {
  const { t } = useTranslation(['orders', 'common']);
  const {
    field: { value, onChange },
    fieldState,
  } = useController({ control, name: 'itemIds' });
  const selected = (value as string[] | undefined) ?? [];
  const error = fieldState.error?.message
    ? translateValidationMessage(t, fieldState.error.message)
    : undefined;
  return (
    <Form.Item
      label={label}
      required
      validateStatus={error ? 'error' : undefined}
      help={error}
      extra={extra}
    >
      <Table<DocumentItemOption>
        size="small"
        rowKey="id"
        data-testid="document-items"
        pagination={items.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        dataSource={[...items]}
        scroll={{ x: 'max-content', y: 280 }}
        onRow={(item) =>
          rowAttributes({
            'data-testid': 'document-item-row',
            'data-item-id': item.id,
            'data-selected': String(selected.includes(item.id)),
          })
        }
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => onChange(keys.map(String)),
          getCheckboxProps: (item) => ({
            disabled: !selectable(item),
            'aria-label': t('documents.includeItem', { position: item.position }),
          }),
        }}
        columns={[
          { key: 'position', title: '#', dataIndex: 'position', width: 48 },
          {
            key: 'product',
            title: t('common:fields.productName'),
            render: (_, item) => (
              <>
                {item.productName}
                <br />
                <Typography.Text type="secondary">{item.productCode}</Typography.Text>
              </>
            ),
          },
          {
            key: 'iccid',
            title: t('common:fields.iccid'),
            render: (_, item) => <Typography.Text code>{displayValue(item.iccid)}</Typography.Text>,
          },
          {
            key: 'status',
            title: t('common:fields.status'),
            render: (_, item) => <ItemStatusTag status={item.status as OrderItemStatus} />,
          },
          {
            key: 'documents',
            title: t('documents.itemDocuments'),
            render: (_, item) =>
              item.documents.length === 0 ? (
                <Typography.Text type="secondary">{t('documents.noItemDocuments')}</Typography.Text>
              ) : (
                item.documents.map((document) => (
                  <Tag
                    key={document.id}
                    color={DOCUMENT_TYPE_COLORS[document.type]}
                    title={t(`documents.types.${document.type}`)}
                    data-testid="item-document"
                  >
                    {document.number}
                  </Tag>
                ))
              ),
          },
        ]}
      />
    </Form.Item>
  );
}
