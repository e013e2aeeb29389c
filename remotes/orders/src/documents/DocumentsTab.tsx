import { FileTextOutlined, PlusOutlined } from '@esim/ui/icons';
import { Button, Flex, Table, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { RESOURCES, type OrderDetail, type OrderDocument } from '@esim/contracts';
import { useMoneyFormat, usePermission } from '@esim/platform';
import { PdfPreviewDialog, TableErrorState } from '@esim/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rowAttributes } from '../components/rowAttributes';
import { useOrderFormat } from '../format';
import { documentListQuery, fetchDocumentPdf } from './api';
import { DocumentTypeTag } from './DocumentTypeTag';
import { IssueDocumentDialog, type IssueTarget } from './IssueDocumentDialog';

export interface DocumentsTabProps {
  order: Pick<OrderDetail, 'id' | 'orderNo' | 'paymentStatus'>;
}

/**
 * The order's issued documents (invoices, receipts, credit notes), newest first, each with its
 * stored PDF; issuing new ones for staff who may (POST on orders). A receipt needs a paid order.
 */
export function DocumentsTab({ order }: DocumentsTabProps) {
  const { t } = useTranslation(['orders', 'common']);
  const format = useOrderFormat();
  const money = useMoneyFormat();
  const canIssue = usePermission(RESOURCES.orders, 'POST');
  const documents = useQuery(documentListQuery(order.id));
  const [issuing, setIssuing] = useState<IssueTarget | null>(null);
  const [shown, setShown] = useState<OrderDocument | null>(null);
  const paid = order.paymentStatus === 'paid';

  return (
    <Flex vertical gap="middle" data-testid="order-documents">
      {canIssue && (
        <Flex justify="flex-end" gap="small" wrap>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setIssuing({ type: 'invoice' })}
            autoInsertSpace={false}
            data-testid="issue-invoice"
          >
            {t('documents.invoice')}
          </Button>
          <Tooltip title={paid ? undefined : t('documents.receiptNeedsPayment')}>
            {/* A disabled button takes no pointer events: the span carries the tooltip. */}
            <span data-testid="issue-receipt-wrapper">
              <Button
                icon={<PlusOutlined />}
                disabled={!paid}
                onClick={() => setIssuing({ type: 'receipt' })}
                autoInsertSpace={false}
                aria-describedby={paid ? undefined : 'receipt-needs-payment'}
                data-testid="issue-receipt"
              >
                {t('documents.receipt')}
              </Button>
            </span>
          </Tooltip>
          {!paid && (
            <span id="receipt-needs-payment" hidden>
              {t('documents.receiptNeedsPayment')}
            </span>
          )}
        </Flex>
      )}
      <Table<OrderDocument>
        size="small"
        rowKey="id"
        loading={documents.isLoading}
        pagination={false}
        dataSource={documents.isError ? [] : (documents.data ?? [])}
        locale={{
          emptyText: documents.isError ? (
            <TableErrorState onRetry={() => void documents.refetch()} />
          ) : (
            t('documents.empty')
          ),
        }}
        scroll={{ x: 'max-content' }}
        onRow={(document) =>
          rowAttributes({
            'data-testid': 'document-row',
            'data-type': document.type,
            'data-number': document.number,
          })
        }
        columns={[
          {
            key: 'type',
            title: t('documents.columns.type'),
            render: (_, row) => <DocumentTypeTag type={row.type} />,
          },
          {
            key: 'number',
            title: t('documents.columns.number'),
            render: (_, row) => (
              <>
                <Typography.Text strong data-testid="document-number">
                  {row.number}
                </Typography.Text>
                {row.originalNumber && (
                  <>
                    <br />
                    <Typography.Text type="secondary" data-testid="document-corrects">
                      {t('documents.corrects', { number: row.originalNumber })}
                    </Typography.Text>
                  </>
                )}
              </>
            ),
          },
          {
            key: 'issueDate',
            title: t('documents.columns.issueDate'),
            render: (_, row) => format.date(row.issueDate),
          },
          { key: 'buyer', title: t('documents.columns.buyer'), dataIndex: 'buyerName' },
          {
            key: 'items',
            title: t('documents.columns.items'),
            align: 'right',
            render: (_, row) => row.itemIds.length,
          },
          {
            key: 'gross',
            title: t('documents.columns.gross'),
            align: 'right',
            render: (_, row) => (
              <span data-testid="document-gross">{money(row.gross, row.currency)}</span>
            ),
          },
          {
            key: 'issuedBy',
            title: t('documents.columns.issuedBy'),
            render: (_, row) => (
              <>
                {row.createdBy}
                <br />
                <Typography.Text type="secondary">{format.dateTime(row.createdAt)}</Typography.Text>
              </>
            ),
          },
          {
            key: 'actions',
            title: t('documents.columns.actions'),
            render: (_, row) => (
              <Flex gap="small">
                <Button
                  size="small"
                  icon={<FileTextOutlined />}
                  onClick={() => setShown(row)}
                  aria-label={t('documents.pdfNamed', { number: row.number })}
                  autoInsertSpace={false}
                  data-testid="document-pdf"
                >
                  {t('documents.pdf')}
                </Button>
                {canIssue && row.type === 'invoice' && (
                  <Button
                    size="small"
                    onClick={() => setIssuing({ type: 'credit_note', original: row })}
                    aria-label={t('documents.creditNoteNamed', { number: row.number })}
                    autoInsertSpace={false}
                    data-testid="document-credit-note"
                  >
                    {t('documents.creditNote')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {issuing && (
        <IssueDocumentDialog order={order} target={issuing} onClose={() => setIssuing(null)} />
      )}
      {shown && (
        <PdfPreviewDialog
          title={t('documents.pdfTitle', {
            type: t(`documents.types.${shown.type}`),
            number: shown.number,
          })}
          load={(signal) => fetchDocumentPdf(shown, signal)}
          onClose={() => setShown(null)}
          testId="document-pdf-view"
        />
      )}
    </Flex>
  );
}
