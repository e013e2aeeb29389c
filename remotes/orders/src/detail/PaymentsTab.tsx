import { DeleteOutlined, DollarOutlined } from '@esim/ui/icons';
import { Button, Flex, Table } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RESOURCES, type OrderDetail, type OrderPayment } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { ActionRefusal, useConfirmedDelete } from '@esim/ui';
import { displayValue } from '@esim/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderFormat, yen } from '../format';
import { orderMutations } from '../mutations';
import { PaymentDialog } from './PaymentDialog';
import { rowAttributes } from '../components/rowAttributes';

/** The order's payment entries: record one, remove a wrong one (after a confirmation). */
export function PaymentsTab({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(['orders', 'common']);
  const format = useOrderFormat();
  const queryClient = useQueryClient();
  const canRecord = usePermission(RESOURCES.orders, 'POST');
  const canRemove = usePermission(RESOURCES.orders, 'DELETE');
  const [recording, setRecording] = useState(false);
  const removeMutation = useMutation(orderMutations.removePayment(queryClient));
  const removal = useConfirmedDelete<OrderPayment>({
    question: (payment) => ({
      title: t('payments.removeTitle', { amount: yen(payment.amount) }),
      description: t('payments.removeDescription', { date: format.date(payment.paidOn) }),
      confirmText: t('payments.remove'),
    }),
    // The API's answer says it was removed (a toast).
    action: (payment) => removeMutation.mutateAsync(payment.id),
  });

  return (
    <Flex vertical gap="middle" data-testid="order-payments">
      <ActionRefusal
        refusal={removal.refusal}
        title={t('payments.removeRefused')}
        onClose={removal.clearRefusal}
        testId="payment-remove-refused"
      />
      {canRecord && (
        <Flex justify="flex-end">
          <Button
            type="primary"
            icon={<DollarOutlined />}
            onClick={() => setRecording(true)}
            autoInsertSpace={false}
            data-testid="record-payment"
          >
            {t('payments.record')}
          </Button>
        </Flex>
      )}
      <Table<OrderPayment>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={order.payments}
        locale={{ emptyText: t('payments.empty') }}
        scroll={{ x: 'max-content' }}
        onRow={() => rowAttributes({ 'data-testid': 'payment-row' })}
        columns={[
          {
            key: 'paidOn',
            title: t('common:fields.paidOn'),
            render: (_, row) => format.date(row.paidOn),
          },
          {
            key: 'amount',
            title: t('common:fields.amount'),
            align: 'right',
            render: (_, row) => yen(row.amount),
          },
          { key: 'method', title: t('common:fields.paymentMethod'), dataIndex: 'method' },
          {
            key: 'reference',
            title: t('common:fields.reference'),
            render: (_, row) => displayValue(row.reference),
          },
          {
            key: 'createdBy',
            title: t('payments.recordedBy'),
            render: (_, row) => `${row.createdBy} · ${format.dateTime(row.createdAt)}`,
          },
          ...(canRemove
            ? [
                {
                  key: 'actions',
                  title: t('payments.actions'),
                  render: (_: unknown, row: OrderPayment) => (
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      loading={removal.pending}
                      onClick={() => void removal.run(row)}
                      aria-label={t('payments.removeNamed', {
                        amount: yen(row.amount),
                        date: row.paidOn,
                      })}
                      data-testid="payment-remove"
                      autoInsertSpace={false}
                    >
                      {t('payments.remove')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {recording && <PaymentDialog order={order} onClose={() => setRecording(false)} />}
    </Flex>
  );
}
