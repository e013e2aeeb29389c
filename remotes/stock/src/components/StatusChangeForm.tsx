import { DatePicker, Form, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  STOCK_TRANSITIONS,
  updateStockStatusSchema,
  type StockItemDetail,
  type StockStatus,
} from '@esim/contracts';
import {
  FormPanel,
  FormSelectField,
  FormTextField,
  toast,
  translateValidationMessage,
  useValibotForm,
  type OptionItem,
} from '@esim/ui';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { stockMutations } from '../mutations';

const FORM_FIELDS = ['status', 'reason', 'holdUntil'] as const;
const EMPTY_CHANGE = { status: undefined, reason: '', holdUntil: null };

/**
 * Changes an item's status to one of the moves the matrix allows from its current status
 * (STOCK_TRANSITIONS, as the API enforces it); 'holding' needs a hold-until time, a reason is
 * optional and kept in the history.
 */
export function StatusChangeForm({
  item,
  onReload,
}: {
  item: StockItemDetail;
  onReload: () => void;
}) {
  const { t } = useTranslation(['stock', 'validation', 'common']);
  const queryClient = useQueryClient();
  const form = useValibotForm(updateStockStatusSchema, {
    defaultValues: { id: item.id, version: item.version, ...EMPTY_CHANGE },
  });
  const status = useWatch({ control: form.control, name: 'status' }) as StockStatus | undefined;
  const holdUntil = useController({ control: form.control, name: 'holdUntil' });
  const mutation = useMutation(stockMutations.updateStatus(queryClient));

  const allowed = (item.allowedStatuses ?? STOCK_TRANSITIONS[item.status]).filter((next) =>
    STOCK_TRANSITIONS[item.status].includes(next),
  );
  const options: OptionItem<string>[] = allowed.map((value) => ({
    value,
    label: t(`status.${value}`),
  }));

  if (allowed.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="status-final">
        {t('statusChange.final', { status: t(`status.${item.status}`) })}
      </Typography.Text>
    );
  }

  const holdError = holdUntil.fieldState.error?.message;
  return (
    <FormPanel
      form={form}
      onSubmit={(values) =>
        mutation.mutateAsync({
          ...values,
          holdUntil: values.status === 'holding' ? values.holdUntil : null,
          reason: values.reason ? values.reason : null,
        })
      }
      onSaved={(updated) => {
        toast.success(t('statusChange.done', { status: t(`status.${updated.status}`) }));
        form.reset({ id: updated.id, version: updated.version, ...EMPTY_CHANGE });
      }}
      onReload={onReload}
      serverFields={FORM_FIELDS}
      submitText={t('statusChange.submit')}
      submitTestId="status-save"
      conflictAlert={{
        title: t('statusChange.conflictTitle'),
        description: t('statusChange.conflictDescription'),
      }}
    >
      <FormSelectField
        control={form.control}
        name="status"
        label={t('statusChange.newStatus')}
        options={options}
        required
        placeholder={t('statusChange.choose')}
      />
      {status === 'holding' && (
        <Form.Item
          label={t('common:fields.holdUntil')}
          htmlFor="field-holdUntil"
          required
          validateStatus={holdError ? 'error' : undefined}
          help={holdError ? translateValidationMessage(t, holdError) : undefined}
          extra={t('statusChange.holdHelp')}
        >
          <DatePicker
            id="field-holdUntil"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={holdUntil.field.value ? dayjs(holdUntil.field.value) : null}
            onChange={(value) => holdUntil.field.onChange(value ? value.toISOString() : null)}
            onBlur={holdUntil.field.onBlur}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            status={holdError ? 'error' : undefined}
            aria-required
            style={{ width: 240 }}
          />
        </Form.Item>
      )}
      <FormTextField
        control={form.control}
        name="reason"
        label={t('common:fields.reason')}
        rows={2}
        maxLength={255}
      />
    </FormPanel>
  );
}
