import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAX_LENGTH,
  RETURN_TO_STATUSES,
  returnToStockSchema,
  type OrderItemDetail,
} from '@esim/contracts';
import { FormDialog, FormSelectField, FormTextField, useValibotForm } from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { orderMutations } from '../mutations';

const RETURN_FIELDS = ['returnTo', 'reason'] as const;

/**
 * Return to stock: the eSIM goes back on hand (sellable again) or is written off as wasted, with
 * a reason; asked once more before it is done, and recorded in the item's and the stock's history.
 */
export function ReturnToStockDialog({
  item,
  onClose,
  onReload,
}: {
  item: OrderItemDetail;
  onClose: () => void;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const queryClient = useQueryClient();
  const form = useValibotForm(returnToStockSchema, {
    defaultValues: { id: item.id, version: item.version, returnTo: 'on_hand', reason: '' },
  });
  const mutation = useMutation(orderMutations.returnToStock(queryClient));
  return (
    <FormDialog
      title={t('returnToStock.title', { iccid: item.iccid ?? '' })}
      form={form}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onClose={onClose}
      onReload={onReload}
      serverFields={RETURN_FIELDS}
      submitText={t('returnToStock.submit')}
      submitTestId="return-save"
      testId="return-form"
      confirmSubmit={(values) => ({
        title: t('returnToStock.confirmTitle'),
        description: t(`returnToStock.confirmDescription.${values.returnTo}`, {
          iccid: item.iccid ?? '',
        }),
        confirmText: t('returnToStock.submit'),
        danger: values.returnTo === 'wasted',
      })}
      conflictAlert={{
        title: t('item.conflictTitle'),
        description: t('item.conflictDescription'),
      }}
    >
      <FormSelectField
        control={form.control}
        name="returnTo"
        label={t('common:fields.returnTo')}
        required
        options={RETURN_TO_STATUSES.map((value) => ({ value, label: t(`returnTo.${value}`) }))}
        extra={t('returnToStock.help')}
      />
      <FormTextField
        control={form.control}
        name="reason"
        label={t('common:fields.reason')}
        required
        rows={3}
        maxLength={MAX_LENGTH.long}
      />
    </FormDialog>
  );
}
