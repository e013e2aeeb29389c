import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { MAX_LENGTH, recordPaymentSchema, type OrderDetail } from '@esim/contracts';
import {
  FormDateField,
  FormDialog,
  FormNumberField,
  FormTextField,
  useValibotForm,
} from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { yen } from '../format';
import { orderMutations } from '../mutations';

const PAYMENT_FIELDS = ['amount', 'paidOn', 'method', 'reference'] as const;

/** Record payment: one entry (amount, date, method, reference); the status follows the sum. */
export function PaymentDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const queryClient = useQueryClient();
  const outstanding = Math.max(order.finalPrice - order.paidAmount, 0);
  const form = useValibotForm(recordPaymentSchema, {
    defaultValues: {
      orderId: order.id,
      amount: outstanding > 0 ? outstanding : undefined,
      paidOn: dayjs().format('YYYY-MM-DD'),
      method: '',
      reference: '',
    },
  });
  const mutation = useMutation(orderMutations.recordPayment(queryClient));
  return (
    <FormDialog
      title={t('payments.recordTitle', { orderNo: order.orderNo })}
      form={form}
      onSubmit={(values) =>
        mutation.mutateAsync({ ...values, reference: values.reference ? values.reference : null })
      }
      onClose={onClose}
      serverFields={PAYMENT_FIELDS}
      submitText={t('payments.record')}
      submitTestId="payment-save"
      testId="payment-form"
    >
      <FormNumberField
        control={form.control}
        name="amount"
        label={t('common:fields.amount')}
        required
        decimals={0}
        suffix="JPY"
        extra={t('payments.outstanding', { amount: yen(outstanding) })}
      />
      <FormDateField
        control={form.control}
        name="paidOn"
        label={t('common:fields.paidOn')}
        required
        disabledDate={(day) => day.isAfter(dayjs(), 'day')}
      />
      <FormTextField
        control={form.control}
        name="method"
        label={t('common:fields.paymentMethod')}
        required
        maxLength={MAX_LENGTH.default}
        placeholder={t('payments.methodPlaceholder')}
      />
      <FormTextField
        control={form.control}
        name="reference"
        label={t('common:fields.reference')}
        maxLength={MAX_LENGTH.long}
      />
    </FormDialog>
  );
}
